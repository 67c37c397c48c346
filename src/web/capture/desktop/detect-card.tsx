import type { DetectionResultJson } from "@core/contracts/platform-detection";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { CheckCircle2, Info, ScanSearch, XCircle } from "lucide-react";
import { PlatformIcon, platformName } from "./platform-icons";
import { useDetectPlatform } from "./use-platform-detection";

/** Detect Active Platform: platform, confidence percent, details, and the evidence behind them. */
export function DetectCard() {
  const detect = useDetectPlatform();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Active Platform</CardTitle>
        <CardDescription>Looks at the running programs (and, where possible, window titles) for a meeting app.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button type="button" className="w-full sm:w-fit" onClick={() => detect.mutate()} disabled={detect.isPending}>
          {detect.isPending ? <Spinner /> : <ScanSearch aria-hidden="true" />}
          Detect Active Platform
        </Button>
        <div aria-live="polite">{detect.data ? <DetectionResult result={detect.data} /> : null}</div>
      </CardContent>
    </Card>
  );
}

function YesNo({ label, value }: { label: string; value: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
      <span>{label}</span>
      <span
        className={value ? "flex items-center gap-1 font-medium text-success" : "flex items-center gap-1 text-muted-foreground"}
      >
        {value ? <CheckCircle2 className="size-4" aria-hidden="true" /> : <XCircle className="size-4" aria-hidden="true" />}
        {value ? "Yes" : "No"}
      </span>
    </li>
  );
}

function DetectionResult({ result }: { result: DetectionResultJson }) {
  const { evidence } = result;
  return (
    <section aria-label="Detection result" className="grid gap-3 rounded-lg border p-4">
      {result.platform ? (
        <div className="flex items-center gap-3">
          <PlatformIcon platform={result.platform} />
          <div className="min-w-0">
            <p className="font-semibold" data-testid="detected-platform">
              {platformName(result.platform)}
            </p>
            <p className="text-sm text-muted-foreground">
              {result.inMeeting ? "In a meeting now" : "Open, no meeting seen"} · Confidence{" "}
              <span className="font-medium text-foreground">{result.confidence}%</span>
            </p>
          </div>
        </div>
      ) : (
        <p className="font-semibold" data-testid="detected-platform">
          No active platform detected <span className="font-normal text-muted-foreground">· Confidence 0%</span>
        </p>
      )}
      <ul className="grid gap-2 sm:grid-cols-3" aria-label="Details">
        <YesNo label="Process" value={result.details.processDetected} />
        <YesNo label="Browser" value={result.details.browserDetected} />
        <YesNo label="Window title" value={result.details.windowTitleMatched} />
      </ul>
      {evidence.process || evidence.browser || evidence.windowTitle ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {evidence.process ? (
            <>
              <dt className="text-muted-foreground">Process</dt>
              <dd className="break-all font-mono">{evidence.process}</dd>
            </>
          ) : null}
          {evidence.browser ? (
            <>
              <dt className="text-muted-foreground">Browser</dt>
              <dd className="break-all font-mono">{evidence.browser}</dd>
            </>
          ) : null}
          {evidence.windowTitle ? (
            <>
              <dt className="text-muted-foreground">Window title</dt>
              <dd className="break-all">“{evidence.windowTitle}”</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {result.alsoRunning.length > 0 ? (
        <p className="text-sm text-muted-foreground">Also running: {result.alsoRunning.map(platformName).join(", ")}</p>
      ) : null}
      {result.notInspected.length > 0 ? (
        <div className="flex gap-2 rounded-md bg-muted p-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div>
            <p className="font-medium">Not inspected on {result.computer.hostname}</p>
            <ul className="list-disc pl-4">
              {result.notInspected.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">Checked {new Date(result.checkedAt).toLocaleTimeString()}</p>
    </section>
  );
}
