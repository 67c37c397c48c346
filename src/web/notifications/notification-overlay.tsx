import {
  type InvoiceReadyData,
  MAX_VISIBLE_NOTIFICATIONS,
  NOTIFICATION_POLL_MS,
  type NotificationJson,
  notificationAgeLabel,
} from "@core/contracts/notifications";
import { formatDecimalMoney } from "@core/money";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Bell, ChevronDown, ChevronUp, CircleAlert, FileText, X } from "lucide-react";
import { captureProblemData, type CaptureProblemData } from "@core/contracts/capture-health";
import { useLocation } from "wouter";
import { useEffect, useId, useRef, useState } from "react";
import { apiJson } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { InvoiceReadyDialog } from "./invoice-ready-dialog";

const UNREAD_KEY = queryKeys.unreadNotifications();

/** A "capture source broke" notification (docs/first-run.md): its click opens the one action that fixes it. */
function captureProblemOf(notification: NotificationJson): CaptureProblemData | null {
  if (notification.kind !== "capture_problem") return null;
  const parsed = captureProblemData.safeParse(notification.data);
  return parsed.success ? parsed.data : null;
}

function isInvoiceReady(data: NotificationJson["data"]): data is InvoiceReadyData {
  return typeof (data as InvoiceReadyData).callId === "number" && typeof (data as InvoiceReadyData).clientId === "number";
}

/** Re-renders every 30 s so "Just now" becomes "1m ago" without a new fetch. */
function useTicker(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** The user's "Hide notifications", kept across pages and visits until a new notification arrives. */
const FOLDED_KEY = "minutely-notifications-folded";
const WIDE = "(min-width: 640px)";

function storeFolded(folded: boolean) {
  try {
    if (folded) window.localStorage.setItem(FOLDED_KEY, "true");
    else window.localStorage.removeItem(FOLDED_KEY);
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts for this page only.
  }
}

function initiallyExpanded(): boolean {
  if (typeof window === "undefined") return true;
  try {
    if (window.localStorage.getItem(FOLDED_KEY) === "true") return false;
  } catch {
    // As above.
  }
  // Open on wider screens; on a phone the stack would cover the page, so it starts folded.
  return window.matchMedia(WIDE).matches;
}

/**
 * Folded or open. Folding is remembered, so a stack the user hid does not cover the page again
 * on every screen; a notification newer than any seen before (a call just ended) opens it again
 * on wide screens.
 */
function useExpanded(unread: NotificationJson[] | undefined) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const newestSeen = useRef<number | null>(null);
  const newest = unread?.reduce((max, n) => Math.max(max, n.id), 0);
  useEffect(() => {
    if (newest === undefined) return;
    if (newestSeen.current !== null && newest > newestSeen.current && window.matchMedia(WIDE).matches) {
      storeFolded(false);
      setExpanded(true);
    }
    newestSeen.current = Math.max(newestSeen.current ?? 0, newest);
  }, [newest]);
  const toggle = () =>
    setExpanded((value) => {
      storeFolded(value);
      return !value;
    });
  return { expanded, toggle };
}

/**
 * The floating notifications overlay on every signed-in page: unread notifications
 * polled every 10 s, at most 3 shown plus "+N more notifications", each with its age, client,
 * duration in minutes and amount, a dismiss button, and a click that opens "Invoice Ready".
 */
export function NotificationOverlay() {
  const now = useTicker(30_000);
  const { data } = useQuery<NotificationJson[]>({ queryKey: UNREAD_KEY, refetchInterval: NOTIFICATION_POLL_MS });
  const [openId, setOpenId] = useState<number | null>(null);
  const [, navigate] = useLocation();
  const { expanded, toggle } = useExpanded(data);
  const listId = useId();
  const dismiss = useMutation({
    mutationFn: (id: number) => apiJson<NotificationJson>("PUT", `/api/notifications/${id}/read`),
    onMutate: (id) => {
      queryClient.setQueryData<NotificationJson[]>(UNREAD_KEY, (list) => list?.filter((n) => n.id !== id));
    },
    onSettled: () => refreshAfter("notification.dismissed"),
  });

  const unread = data ?? [];
  const open = openId === null ? null : (unread.find((n) => n.id === openId) ?? null);
  const visible = unread.slice(0, MAX_VISIBLE_NOTIFICATIONS);
  const more = unread.length - visible.length;

  return (
    <>
      {visible.length > 0 ? (
        <section
          aria-label="Notifications"
          className="pointer-events-none fixed inset-x-4 bottom-4 z-30 flex flex-col items-end gap-2 sm:left-auto sm:w-96"
        >
          {expanded ? (
            <ul id={listId} className="flex w-full flex-col gap-2">
              {visible.map((notification) => (
                <li key={notification.id} className="pointer-events-auto">
                  <NotificationCard
                    notification={notification}
                    now={now}
                    onOpen={() => {
                      const problem = captureProblemOf(notification);
                      if (!problem) return setOpenId(notification.id);
                      dismiss.mutate(notification.id);
                      if (problem.action) navigate(problem.action.href);
                    }}
                    onDismiss={() => dismiss.mutate(notification.id)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="pointer-events-auto flex items-center gap-2">
            <button
              type="button"
              onClick={toggle}
              aria-expanded={expanded}
              aria-controls={listId}
              className="flex items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-xs font-medium shadow-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring dark:bg-card"
            >
              <Bell className="size-3.5 text-primary" aria-hidden="true" />
              {expanded
                ? "Hide notifications"
                : `${unread.length} unread ${unread.length === 1 ? "notification" : "notifications"}`}
              {expanded ? (
                <ChevronDown className="size-3.5" aria-hidden="true" />
              ) : (
                <ChevronUp className="size-3.5" aria-hidden="true" />
              )}
            </button>
            {expanded && more > 0 ? (
              <p className="rounded-full border bg-background px-3 py-1.5 text-xs text-muted-foreground shadow-md dark:bg-card">
                +{more} more {more === 1 ? "notification" : "notifications"}
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
      {open && isInvoiceReady(open.data) ? (
        <InvoiceReadyDialog notification={open} data={open.data} onOpenChange={(isOpen) => !isOpen && setOpenId(null)} />
      ) : null}
    </>
  );
}

function NotificationCard({
  notification,
  now,
  onOpen,
  onDismiss,
}: {
  notification: NotificationJson;
  now: Date;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  const data = isInvoiceReady(notification.data) ? notification.data : null;
  const problem = captureProblemOf(notification);
  const Icon = problem ? CircleAlert : FileText;
  return (
    <article
      className="relative flex gap-3 rounded-xl border bg-background p-3 pr-10 shadow-lg dark:bg-card"
      data-testid="notification"
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-haspopup={problem ? undefined : "dialog"}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="font-semibold">{notification.title}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{notificationAgeLabel(notification.createdAt, now)}</span>
        </span>
        <span className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{notification.message}</span>
        {data ? (
          <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs tabular-nums">
            <span className="font-medium">{data.clientName}</span>
            <span>{data.duration} min</span>
            <span className="font-medium">{formatDecimalMoney(data.amount, data.currency)}</span>
          </span>
        ) : null}
        {problem?.action ? <span className="mt-2 block text-xs font-medium text-primary">{problem.action.label}</span> : null}
      </button>
      <button
        type="button"
        onClick={onDismiss}
        className="absolute top-2 right-2 rounded-md p-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Dismiss notification: ${notification.title}${data ? ` for ${data.clientName}` : ""}`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </article>
  );
}
