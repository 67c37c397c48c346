import { Badge } from "@web/components/ui/badge";

const ITEMS = [
  {
    title: "Call Notifications",
    description: "Get notified when a call starts or ends and when a call is tracked automatically.",
  },
  { title: "Invoice Reminders", description: "Reminders before an invoice falls due and when it becomes overdue." },
  { title: "Weekly Reports", description: "A summary of the week's billable time and revenue, every Monday." },
];

/** Notifications tab: three items, all Coming Soon. */
export function NotificationsTab() {
  return (
    <ul className="divide-y rounded-xl border">
      {ITEMS.map((item) => (
        <li key={item.title} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{item.title}</p>
            <p className="text-sm text-muted-foreground">{item.description}</p>
          </div>
          <Badge variant="secondary">Coming Soon</Badge>
        </li>
      ))}
    </ul>
  );
}
