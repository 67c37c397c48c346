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
import { EmailField } from "@web/components/email-field";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { PasswordInput } from "@web/components/ui/password-input";
import { Spinner } from "@web/components/ui/spinner";
import { serverMessage } from "@web/lib/api";
import { capitalize } from "@web/lib/format";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { EmailVerificationStatus } from "./email-verification";
import { useSaveSettings } from "./use-settings";

const PROFESSION_CHOICES = PROFESSIONS.map((profession) => ({ value: profession, label: capitalize(profession) }));

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

/** Profile tab: the user's name, email and profession, the firm's name and the time zone every period uses (docs/decisions.md D7). */
export function ProfileSettingsForm({ settings }: { settings: SettingsResponse }) {
  const save = useSaveSettings("profile");
  const form = useForm({ resolver: zodResolver(profileSettingsForm), values: toFormValues(settings) });
  const browserZone = browserTimeZone();
  const zones = useMemo(() => {
    const names = new Set(timeZoneNames());
    names.add(settings.timezone);
    if (browserZone) names.add(browserZone);
    return [...names].sort().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
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
          <EmailField
            control={form.control}
            name="email"
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
            autoComplete="email"
          />
          {emailChanged ? (
            <TextField
              control={form.control}
              name="currentPassword"
              label="Current Password"
              description="Enter the password you sign in with now to change your email."
              input={PasswordInput}
              autoComplete="current-password"
            />
          ) : null}
          <SelectField
            control={form.control}
            name="profession"
            label="Profession"
            placeholder="Choose your profession"
            choices={PROFESSION_CHOICES}
          />
          <TextField control={form.control} name="firmName" label="Company Name" autoComplete="organization" />
          <SelectField
            control={form.control}
            name="timezone"
            label="Time Zone"
            placeholder="Choose your time zone"
            contentClassName="max-h-80"
            choices={zones}
            description={
              <>
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
              </>
            }
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
