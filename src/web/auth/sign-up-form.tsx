import { type RegistrationForm, registrationForm } from "@core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField } from "@web/components/email-field";
import { TextField } from "@web/components/text-field";
import { PasswordInput } from "@web/components/ui/password-input";
import { useForm } from "react-hook-form";
import { AuthForm } from "./auth-form";

const EMPTY: RegistrationForm = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };

/**
 * "Create Account": collects the registration data, which stays in memory until the plan step
 * sends it. Messages come from the shared `registrationForm` schema.
 */
export function SignUpForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues?: RegistrationForm | null;
  onSubmit: (data: RegistrationForm) => void;
}) {
  const form = useForm({
    resolver: zodResolver(registrationForm),
    defaultValues: defaultValues ?? EMPTY,
  });

  return (
    <AuthForm form={form} onSubmit={form.handleSubmit(onSubmit)} submitLabel="Create Account">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
        <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
      </div>
      <EmailField control={form.control} name="email" autoComplete="email" />
      <TextField control={form.control} name="password" label="Password" input={PasswordInput} autoComplete="new-password" />
      <TextField
        control={form.control}
        name="confirmPassword"
        label="Confirm Password"
        input={PasswordInput}
        autoComplete="new-password"
      />
    </AuthForm>
  );
}
