import { clearedSecretFields, clearsRequiredSecret } from "../../../core/contracts/clear-secrets.js";
import { LANDLINE_PROVIDER_LABELS, type LandlineProvider, landlineSecretFields } from "../../../core/contracts/phone.js";
import { notFound } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { type ConnectionOwner, type IntegrationRow, saveIntegration } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { findLandline } from "./landline-settings.js";
import { landlineSecretOf } from "./phone-secrets.js";

/**
 * PUT /api/integrations/landline (Settings → Landline/Office's "Clear"): erases the member's stored
 * landline secrets without replacing them. A name that is not one of the provider's secrets is a 400
 * that changes nothing; no landline is a 404. Clearing the secret that verifies its events (the auth
 * token, signing key or signing secret) leaves the line not connected: its webhooks are refused until
 * a new one is saved (the generic webhook's next Save makes a new signing secret).
 */
export async function clearLandlineSecrets(
  db: Db,
  box: SecretBox,
  options: { owner: ConnectionOwner; clearSecrets: readonly string[]; now: Date },
): Promise<{ row: IntegrationRow; message: string }> {
  return db.transaction(async (tx) => {
    const row = await findLandline(tx, options.owner);
    if (!row) throw notFound("Landline");
    const label = LANDLINE_PROVIDER_LABELS[row.provider as LandlineProvider] ?? row.provider;
    const cleared = clearedSecretFields(label, landlineSecretFields(row.provider as LandlineProvider), options.clearSecrets);
    const secret: Record<string, string | undefined> = { ...landlineSecretOf(box, row) };
    for (const field of cleared) delete secret[field.name];
    const lostRequired = clearsRequiredSecret(cleared);
    const kept = Object.fromEntries(Object.entries(secret).filter(([, value]) => Boolean(value)));
    const saved = await saveIntegration(
      tx,
      box,
      { accountId: row.accountId, userId: row.userId, kind: row.kind, provider: row.provider },
      {
        secret: Object.keys(kept).length ? kept : null,
        ...(lostRequired ? { status: "not_connected" as const, lastError: null } : {}),
      },
      options.now,
    );
    const names = cleared.map((field) => field.label).join(" and ");
    const message =
      cleared.length === 0
        ? `${label} landline: nothing to clear.`
        : lostRequired
          ? `${label} landline: ${names} cleared. It is not connected until a new one is saved.`
          : `${label} landline: ${names} cleared.`;
    return { row: saved, message };
  });
}
