import { isLocalOnlyUrl } from "@core/local-address";
import { TriangleAlert } from "lucide-react";

/**
 * Under a webhook URL that points at this computer or its private network: the provider cannot
 * deliver there, so say what to set instead of letting the user paste a URL that never works.
 */
export function UnreachableUrlNote({ url, provider }: { url: string | null; provider: string }) {
  if (!url || !isLocalOnlyUrl(url)) return null;
  const host = new URL(url).host;
  return (
    <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {provider} cannot reach {host}: it is an address of this computer or its private network. Set{" "}
        <code className="font-mono">PUBLIC_URL</code> to the address the internet reaches Minutely at (behind a proxy, also{" "}
        <code className="font-mono">TRUST_PROXY</code>) and restart; these URLs then use it.
      </span>
    </p>
  );
}
