import {
  PROFESSIONS,
  type ProfileSettingsFormInput,
  profileSettingsForm,
  type SettingsResponse,
  timeZoneNames,
} from "@core/contracts/settings";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Spinner } from "@web/components/ui/spinner";
import { capitalize } from "@web/lib/format";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useSaveSettings } from "./use-settings";

function toFormValues(settings: SettingsResponse): ProfileSettingsFormInput {
  return {
    firstName: settings.firstName ?? "",
    lastName: settings.lastName ?? "",
    email: settings.email,
    profession: settings.profession ?? "",
    firmName: settings.firmName ?? "",
    timezone: settings.timezone,
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

  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <TextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" />
          <TextField
            control={form.control}
            name="email"
            label="Email"
            description="You sign in with this address."
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
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
