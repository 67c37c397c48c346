import { type RegistrationForm, registrationForm } from "@core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { PasswordInput } from "@web/components/ui/password-input";
import { useForm } from "react-hook-form";

const EMPTY: RegistrationForm = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };

/**
 * "Create Account": collects the registration data, which stays in memory until the plan step
 * sends it (spec 000 §3). Messages come from the shared `registrationForm` schema.
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
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
        </div>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Confirm Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="mt-2 w-full">
          Create Account
        </Button>
      </form>
    </Form>
  );
}
