import { type RegistrationForm, registrationForm } from "@core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@web/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { PasswordInput } from "@web/components/ui/password-input";

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
          <FormField
            control={form.control}
            name="firstName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>First Name</FormLabel>
                <FormControl>
                  <Input autoComplete="given-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="lastName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Last Name</FormLabel>
                <FormControl>
                  <Input autoComplete="family-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
