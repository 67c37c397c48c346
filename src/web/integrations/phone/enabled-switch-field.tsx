import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "@web/components/ui/form";
import { Switch } from "radix-ui";
import type { Control, FieldPath, FieldValues } from "react-hook-form";

/** The "Enabled" switch of a capture setting: off keeps the settings but ignores the provider's events. */
export function EnabledSwitchField<TValues extends FieldValues>({
  control,
  name,
  label = "Enabled",
  description,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label?: string;
  description?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center gap-3 sm:col-span-2">
          <FormControl>
            <Switch.Root
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              name={field.name}
              className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
            >
              <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
            </Switch.Root>
          </FormControl>
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            {description ? <FormDescription>{description}</FormDescription> : null}
          </div>
        </FormItem>
      )}
    />
  );
}
