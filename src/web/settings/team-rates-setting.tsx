import type { SettingsResponse } from "@core/contracts/settings";
import { useMutation } from "@tanstack/react-query";
import { Checkbox } from "@web/components/ui/checkbox";
import { Skeleton } from "@web/components/ui/skeleton";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { refreshAfter } from "@web/lib/query-refresh";
import { SETTINGS_KEY, useSettings } from "./use-settings";

/** The toast after a save: what members see from now on. */
export const MEMBERS_SEE_RATES_SAVED = {
  on: "Members now see rates and amounts on their own work.",
  off: "Members no longer see rates or amounts.",
};

/**
 * Settings → Team: "Members may see rates and amounts" (issue 26 §2; `membersSeeRates` on PUT /api/settings,
 * off by default). The tab is for owners and admins (members:manage), who are also the roles that may save
 * settings. A Radix checkbox with its label: Space toggles it, a screen reader reads its state.
 */
export function TeamRatesSetting() {
  const settings = useSettings();
  const save = useMutation({
    mutationFn: (membersSeeRates: boolean) => apiJson<SettingsResponse>("PUT", "/api/settings", { membersSeeRates }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await refreshAfter("settings.saved");
      toast({ title: "Saved", description: saved.membersSeeRates ? MEMBERS_SEE_RATES_SAVED.on : MEMBERS_SEE_RATES_SAVED.off });
    },
    onError: (error) => {
      toast({
        title: "Failed to save settings",
        description: serverMessage(error, "Your change was not saved. Please try again."),
        variant: "destructive",
      });
    },
  });
  if (!settings.data) return <Skeleton className="h-12 w-full" />;
  const checked = save.isPending && save.variables !== undefined ? save.variables : settings.data.membersSeeRates;
  return (
    <section aria-labelledby="team-rates" className="grid gap-3">
      <h3 id="team-rates" className="text-base font-semibold">
        Rates and amounts
      </h3>
      <div className="flex items-start gap-3">
        <Checkbox
          id="members-see-rates"
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate(value === true)}
          aria-describedby="members-see-rates-hint"
        />
        <div className="grid gap-1">
          <label htmlFor="members-see-rates" className="text-sm font-medium leading-5">
            Members may see rates and amounts
          </label>
          <p id="members-see-rates-hint" className="text-sm text-muted-foreground">
            Off: people with the Member role see their own calls and emails without any rate, amount or revenue. Owners, admins
            and billing always see them.
          </p>
        </div>
      </div>
    </section>
  );
}
