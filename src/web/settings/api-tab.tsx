import type { ApiToken, ApiTokenCreatedResponse } from "@core/contracts/api-tokens";
import { ROLE_NAMES, type Role } from "@core/permissions";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { QueryGate } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/hooks/use-auth";
import { X } from "lucide-react";
import { useState } from "react";
import { ApiTokenCreateForm } from "./api-token-form";
import { formatInstant, ListRow, ListSkeleton, RoleBadges, ShownOnce } from "./settings-list";
import { useApiTokens, useRevokeApiToken } from "./use-api-tokens";

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
        <QueryGate
          query={tokens}
          loading={<ListSkeleton label="Loading your API tokens" rows={2} />}
          errorMessage="Your API tokens could not be loaded."
        >
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
    <ShownOnce
      testId="new-api-token"
      label={`API token ${made.token.name}`}
      value={made.secret}
      description="Copy it now: it is shown only once. Minutely keeps only a fingerprint of it."
      onDone={onDone}
    />
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  return (
    <ListRow
      testId="api-token"
      title={
        <>
          {token.name} <RoleBadges role={ROLE_NAMES[token.role]} expired={token.expired} />
        </>
      }
      details={
        <p className="text-xs text-muted-foreground">
          {token.expired ? "Expired" : "Expires"} {formatInstant(token.expiresAt)} · Last used:{" "}
          {token.lastUsedAt ? formatInstant(token.lastUsedAt) : "Never"}
        </p>
      }
      actions={
        <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
          <X aria-hidden="true" />
          Revoke
        </Button>
      }
      dialog={
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
      }
    />
  );
}
