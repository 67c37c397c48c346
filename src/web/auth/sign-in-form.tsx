import { loginRequest } from "@core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { QueryProvider } from "@web/components/query-provider";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { PasswordInput } from "@web/components/ui/password-input";
import { Spinner } from "@web/components/ui/spinner";
import { useLoginMutation } from "@web/hooks/use-auth-mutations";
import { useForm } from "react-hook-form";

/** Email and password sign-in; success and failure toasts come from useLoginMutation. */
export function SignInForm() {
  const login = useLoginMutation();
  const form = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: "", password: "" },
  });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((credentials) => login.mutate(credentials))} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
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
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="mt-2 w-full" disabled={login.isPending}>
          {login.isPending ? (
            <>
              <Spinner />
              Signing In...
            </>
          ) : (
            "Sign In"
          )}
        </Button>
      </form>
    </Form>
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
