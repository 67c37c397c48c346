import { loginRequest } from "@core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { QueryProvider } from "@web/components/query-provider";
import { EmailField } from "@web/components/email-field";
import { TextField } from "@web/components/text-field";
import { PasswordInput } from "@web/components/ui/password-input";
import { useLoginMutation } from "@web/hooks/use-auth-mutations";
import { useForm } from "react-hook-form";
import { AuthForm } from "./auth-form";

/** Email and password sign-in; success and failure toasts come from useLoginMutation. */
export function SignInForm() {
  const login = useLoginMutation();
  const form = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: "", password: "" },
  });

  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit((credentials) => login.mutate(credentials))}
      submitLabel="Sign In"
      pendingLabel="Signing In..."
      isPending={login.isPending}
    >
      <EmailField control={form.control} name="email" autoComplete="username" />
      <TextField control={form.control} name="password" label="Password" input={PasswordInput} autoComplete="current-password" />
    </AuthForm>
  );
}

/** The form with the query cache its mutation needs, for /auth, which loads it after its heading. */
export function SignInFormWithQueries() {
  return (
    <QueryProvider>
      <SignInForm />
    </QueryProvider>
  );
}
