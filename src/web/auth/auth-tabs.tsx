import type { RegistrationForm } from "@core/contracts/auth";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import type { ReactNode } from "react";
import { SignInFormWithQueries as SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

export type AuthTab = "signup" | "signin";

/**
 * The Sign Up / Sign In tabs of /auth with their forms: one chunk, loaded after the page's heading
 * has painted (the forms' validation is most of /auth's code).
 */
export function AuthTabs({
  tab,
  onTabChange,
  registration,
  onRegistration,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  registration: RegistrationForm | null;
  onRegistration: (data: RegistrationForm) => void;
}) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value === "signin" ? "signin" : "signup")}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="signup">Sign Up</TabsTrigger>
        <TabsTrigger value="signin">Sign In</TabsTrigger>
      </TabsList>
      <TabsContent value="signup">
        <AuthCard title="Create Account" description="Start tracking billable time in minutes.">
          <SignUpForm defaultValues={registration} onSubmit={onRegistration} />
        </AuthCard>
      </TabsContent>
      <TabsContent value="signin">
        <AuthCard title="Welcome Back" description="Sign in with your email and password.">
          <SignInForm />
        </AuthCard>
      </TabsContent>
    </Tabs>
  );
}

/** One tab's card: its heading (an h2 under the page's h1), a line of help, then the form. */
function AuthCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
