import {
  COMPANY_SIZES,
  type JoinWaitlistForm,
  type JoinWaitlistRequest,
  joinWaitlistRequest,
  WAITLIST_MESSAGES,
} from "@core/contracts/waitlist";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { SelectField } from "@web/components/select-field";
import { EmailField } from "@web/components/email-field";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { apiJson } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { type FieldErrors, useForm } from "react-hook-form";

const SIZE_LABELS: Record<(typeof COMPANY_SIZES)[number], string> = {
  "1": "Just me",
  "2-5": "2-5 people",
  "6-20": "6-20 people",
  "21-50": "21-50 people",
  "51-100": "51-100 people",
  "100+": "100+ people",
};

const SIZE_CHOICES = COMPANY_SIZES.map((size) => ({ value: size, label: SIZE_LABELS[size] }));

/** The toast title for a field's message: each validation message has its title (core/contracts/waitlist.ts). */
function titleFor(message: string): string {
  const known = Object.values(WAITLIST_MESSAGES).find((m) => m.description === message);
  return known?.title ?? "Please check the form";
}

/** Shows the first problem as a toast too (the message also sits under its field). */
function announceFirstError(errors: FieldErrors<JoinWaitlistForm>): void {
  const first = errors.email ?? errors.joinWaitlist ?? errors.company ?? errors.companySize;
  const message = first?.message;
  if (message) toast({ title: titleFor(message), description: message, variant: "destructive" });
}

/** The public waitlist form: validated in the browser and again by the server with the same contract. */
export function WaitlistForm({ onJoined }: { onJoined: (email: string) => void }) {
  const form = useForm<JoinWaitlistForm, unknown, JoinWaitlistRequest>({
    resolver: zodResolver(joinWaitlistRequest),
    defaultValues: { email: "", company: "", companySize: "", joinWaitlist: false },
  });
  const join = useMutation({
    mutationFn: (input: JoinWaitlistRequest) => apiJson("POST", "/api/waitlist", input),
    onSuccess: (_answer, input) => {
      void refreshAfter("waitlist.joined");
      toast({ title: WAITLIST_MESSAGES.joined.title, description: WAITLIST_MESSAGES.joined.description });
      onJoined(input.email);
    },
    onError: () => {
      toast({ title: WAITLIST_MESSAGES.failed.title, description: WAITLIST_MESSAGES.failed.description, variant: "destructive" });
    },
  });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((input) => join.mutate(input), announceFirstError)} noValidate className="grid gap-5">
        <EmailField control={form.control} name="email" autoComplete="email" placeholder="you@yourpractice.com" />
        <FormField
          control={form.control}
          name="company"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                Company <span className="font-normal text-muted-foreground">(optional)</span>
              </FormLabel>
              <FormControl>
                <Input autoComplete="organization" {...field} value={field.value ?? ""} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SelectField
          control={form.control}
          name="companySize"
          label={
            <>
              Company size <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          placeholder="Select company size"
          choices={SIZE_CHOICES}
        />
        <FormField
          control={form.control}
          name="joinWaitlist"
          render={({ field }) => (
            <FormItem className="rounded-lg border bg-background/60 p-4">
              <div className="flex items-start gap-3">
                <FormControl>
                  <Checkbox
                    checked={field.value === true || field.value === "true"}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    className="mt-0.5"
                  />
                </FormControl>
                <div className="grid gap-1">
                  <FormLabel className="leading-snug">Yes, add me to the Minutely waitlist</FormLabel>
                  <FormDescription>We will only email you about Minutely's launch. No spam, ever.</FormDescription>
                </div>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" disabled={join.isPending}>
          {join.isPending ? (
            <>
              <Spinner />
              Joining...
            </>
          ) : (
            "Join Waitlist"
          )}
        </Button>
      </form>
    </Form>
  );
}
