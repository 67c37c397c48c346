import {
  compactPhoneNumber,
  displayPhoneNumber,
  isValidPhoneNumber,
  LANDLINE_PROVIDER_LABELS,
  PHONE_SCREEN_PROVIDERS,
  type PhoneIntegrationJson,
  type PhoneIntegrationRequest,
  phoneIntegrationRequest,
} from "@core/contracts/phone";
import { zodResolver } from "@hookform/resolvers/zod";
import { ExtensionField, PhoneNumberField } from "@web/components/phone-number-field";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { useSavePhoneIntegration } from "../use-phone-integration";
import { toastText } from "./toast-text";

const PROVIDER_CHOICES = PHONE_SCREEN_PROVIDERS.map((provider) => ({
  value: provider,
  label: LANDLINE_PROVIDER_LABELS[provider],
}));

type PhoneFormValues = z.input<typeof phoneIntegrationRequest>;

/** The number as it will be stored and shown ("+15551234567 ext. 12"), while the user types. */
function previewOf(phoneNumber: string | undefined, extension: string | null | undefined): string {
  const raw = (phoneNumber ?? "").trim();
  const number = isValidPhoneNumber(raw) ? compactPhoneNumber(raw) : raw;
  return displayPhoneNumber(number, extension?.trim() || null);
}

/**
 * /phone-integration's configuration: the number, an optional extension and the
 * provider, with the display number previewed read-only; Save sends the phone settings payload (core/contracts/phone.ts).
 */
export function PhoneConfigForm({ saved }: { saved: PhoneIntegrationJson }) {
  const previewId = useId();
  const form = useForm<PhoneFormValues, unknown, PhoneIntegrationRequest>({
    resolver: zodResolver(phoneIntegrationRequest),
    values: {
      phoneNumber: saved.phoneNumber ?? "",
      phoneExtension: saved.phoneExtension ?? "",
      phoneProvider: (PHONE_SCREEN_PROVIDERS as readonly string[]).includes(saved.phoneProvider ?? "")
        ? (saved.phoneProvider as PhoneFormValues["phoneProvider"])
        : "twilio",
    },
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSavePhoneIntegration();
  const preview = previewOf(form.watch("phoneNumber"), form.watch("phoneExtension"));

  const handleValid = (values: PhoneIntegrationRequest) =>
    save.mutate({
      ...values,
      phoneDisplayNumber: displayPhoneNumber(values.phoneNumber, values.phoneExtension),
      phoneIntegrationEnabled: true,
    });
  const handleInvalid = (errors: FieldErrors<PhoneFormValues>) => {
    const message = errors.phoneNumber?.message ?? errors.phoneExtension?.message ?? errors.phoneProvider?.message;
    if (!message) return;
    const text = toastText(message);
    toast(
      text.description ? { ...text, variant: "destructive" } : { title: "Error", description: message, variant: "destructive" },
    );
  };

  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(handleValid, handleInvalid)}>
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <PhoneNumberField control={form.control} name="phoneNumber" />
          <ExtensionField control={form.control} name="phoneExtension" />
          <SelectField control={form.control} name="phoneProvider" label="Provider" choices={PROVIDER_CHOICES} />
          <div className="grid gap-2">
            <Label htmlFor={previewId}>Display Number</Label>
            <Input
              id={previewId}
              readOnly
              value={preview}
              placeholder="Shown once you enter a number"
              className="bg-muted/50 tabular-nums"
              aria-describedby={`${previewId}-hint`}
            />
            <p id={`${previewId}-hint`} className="text-sm text-muted-foreground">
              How your number appears in Minutely.
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save
          </Button>
        </div>
        <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            <span className="font-medium text-foreground">Privacy: </span>
            only call start and end times are detected. Minutely never records, listens to or stores what is said.
          </span>
        </p>
      </form>
    </Form>
  );
}
