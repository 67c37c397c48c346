import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { toast } from "@web/hooks/use-toast";
import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";

/** Puts text on the clipboard; where the Clipboard API is refused (an insecure origin), selects and copies. */
async function copyText(value: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}

/**
 * A value to paste elsewhere (a webhook URL, a signing secret): its label, the text read-only and
 * selectable, and a Copy button that says when it worked.
 */
export function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (await copyText(value, input)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      toast({ title: "Copied", description: `${label} copied to the clipboard.` });
    } else {
      toast({ title: "Copy failed", description: "Select the text and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="min-w-0 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={description ? `${id}-description` : undefined}
        />
        <Button type="button" variant="outline" onClick={handleCopy} aria-label={`Copy ${label}`}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span className="hidden sm:inline">{copied ? "Copied" : "Copy"}</span>
        </Button>
      </div>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}
