import {
  EMAIL_CHANGE_NEEDS_PASSWORD,
  EMAIL_CHANGE_WRONG_PASSWORD,
  PROFESSIONS,
  type ProfileSettingsFormInput,
  profileSettingsForm,
  type SettingsResponse,
  timeZoneNames,
} from "@core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { PasswordInput } from "@web/components/ui/password-input";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Spinner } from "@web/components/ui/spinner";
import { serverMessage } from "@web/lib/api";
import { capitalize } from "@web/lib/format";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { EmailVerificationStatus } from "./email-verification";
import { useSaveSettings } from "./use-settings";

function toFormValues(settings: SettingsResponse): ProfileSettingsFormInput {
  return {
    firstName: settings.firstName ?? "",
    lastName: settings.lastName ?? "",
    email: settings.email,
    profession: settings.profession ?? "",
    firmName: settings.firmName ?? "",
    timezone: settings.timezone,
    currentPassword: "",
  };
}

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Profile tab: the user's name, email and profession, the firm's name and the time zone every period uses (DECISIONS.md 7). */
export function ProfileSettingsForm({ settings }: { settings: SettingsResponse }) {
  const save = useSaveSettings("profile");
  const form = useForm({ resolver: zodResolver(profileSettingsForm), values: toFormValues(settings) });
  const browserZone = browserTimeZone();
  const zones = useMemo(() => {
    const names = new Set(timeZoneNames());
    names.add(settings.timezone);
    if (browserZone) names.add(browserZone);
    return [...names].sort();
  }, [settings.timezone, browserZone]);
  const currentZone = form.watch("timezone");
  // A new sign-in address needs the current password (the server refuses it without).
  const emailChanged = (form.watch("email") ?? "").trim().toLowerCase() !== settings.email.toLowerCase();

  function handleSave(values: ProfileSettingsFormInput) {
    const body = emailChanged ? values : { ...values, currentPassword: undefined };
    save.mutate(body, {
      onError: (error) => {
        const message = serverMessage(error, "");
        if (message === EMAIL_CHANGE_NEEDS_PASSWORD || message === EMAIL_CHANGE_WRONG_PASSWORD) {
          form.setError("currentPassword", { message }, { shouldFocus: true });
        }
      },
    });
  }

  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(handleSave)}>
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
          <TextField
            control={form.control}
            name="email"
            label="Email"
            description={
              emailChanged ? (
                "You sign in with this address. A new address is unverified until you open the link we mail to it."
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  You sign in with this address.
                  <EmailVerificationStatus verified={settings.emailVerified} />
                </span>
              )
            }
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
          {emailChanged ? (
            <FormField
              control={form.control}
              name="currentPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Current Password</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" {...field} value={field.value ?? ""} />
                  </FormControl>
                  <FormDescription>Enter the password you sign in with now to change your email.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}
          <FormField
            control={form.control}
            name="profession"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Profession</FormLabel>
                <Select value={field.value ?? ""} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose your profession" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {PROFESSIONS.map((profession) => (
                      <SelectItem key={profession} value={profession}>
                        {capitalize(profession)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField control={form.control} name="firmName" label="Company Name" autoComplete="organization" />
          <FormField
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Time Zone</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose your time zone" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent className="max-h-80">
                    {zones.map((zone) => (
                      <SelectItem key={zone} value={zone}>
                        {zone.replaceAll("_", " ")}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormDescription>
                  Today, this week, months and years are counted in this zone.
                  {browserZone && browserZone !== currentZone ? (
                    <>
                      {" "}
                      <button
                        type="button"
                        className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                        onClick={() => form.setValue("timezone", browserZone, { shouldDirty: true, shouldValidate: true })}
                      >
                        Use this browser's zone ({browserZone.replaceAll("_", " ")})
                      </button>
                    </>
                  ) : null}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? "Saving..." : "Save Profile"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
