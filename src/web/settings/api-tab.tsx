import type { ApiToken, ApiTokenCreatedResponse } from "@core/contracts/api-tokens";
import { ROLE_NAMES, type Role } from "@core/permissions";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/hooks/use-auth";
import { CopyField } from "@web/integrations/phone/copy-field";
import { X } from "lucide-react";
import { useState } from "react";
import { ApiTokenCreateForm } from "./api-token-form";
import { useApiTokens, useRevokeApiToken } from "./use-api-tokens";

function when(instant: string): string {
  return new Date(instant).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Settings → API (docs/api.md): make a personal API token (shown once), see one's tokens, revoke them. */
export function ApiTab() {
  const { user } = useAuth();
  const tokens = useApiTokens();
  const [made, setMade] = useState<ApiTokenCreatedResponse | null>(null);
  return (
    <div className="grid gap-8">
      <section aria-labelledby="api-token-new" className="grid gap-3">
        <h3 id="api-token-new" className="text-base font-semibold">
          New token
        </h3>
        <p className="text-sm text-muted-foreground">
          A token acts as you, with the role you give it (never more than yours). Send it as{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>; the API reference is at{" "}
          <a className="underline underline-offset-4" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
        {user && <ApiTokenCreateForm role={user.role as Role} onCreated={setMade} />}
        {made && <NewToken made={made} onDone={() => setMade(null)} />}
      </section>
      <section aria-labelledby="api-token-list" className="grid gap-3">
        <h3 id="api-token-list" className="text-base font-semibold">
          Your tokens
        </h3>
        <QueryGate query={tokens} loading={<TokensSkeleton />} errorMessage="Your API tokens could not be loaded.">
          {(data) =>
            data.tokens.length === 0 ? (
              <p className="text-sm text-muted-foreground">No API tokens yet. Create one above to connect another system.</p>
            ) : (
              <ul className="divide-y rounded-md border">
                {data.tokens.map((token) => (
                  <TokenRow key={token.id} token={token} />
                ))}
              </ul>
            )
          }
        </QueryGate>
      </section>
    </div>
  );
}

/** The token itself, this once: Minutely keeps only its hash. */
function NewToken({ made, onDone }: { made: ApiTokenCreatedResponse; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-3 rounded-md border p-4" data-testid="new-api-token">
      <CopyField
        label={`API token ${made.token.name}`}
        value={made.secret}
        description="Copy it now: it is shown only once. Minutely keeps only a fingerprint of it."
      />
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function TokensSkeleton() {
  return (
    <div role="status" className="grid gap-3" aria-busy="true" aria-label="Loading your API tokens">
      {[0, 1].map((row) => (
        <Skeleton key={row} className="h-12 w-full" />
      ))}
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid="api-token">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {token.name} <Badge variant="outline">{ROLE_NAMES[token.role]}</Badge>{" "}
          {token.expired && <Badge variant="warning">Expired</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {token.expired ? "Expired" : "Expires"} {when(token.expiresAt)} · Last used:{" "}
          {token.lastUsedAt ? when(token.lastUsedAt) : "Never"}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
        <X aria-hidden="true" />
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke ${token.name}?`}
        description="Anything using this token stops working at once. This cannot be undone: make a new token instead."
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        destructive
        onConfirm={() => revoke.mutate(token.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
