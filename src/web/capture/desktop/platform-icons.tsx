import { MEETING_PLATFORMS, type MeetingPlatform, PLATFORM_LABELS } from "@core/contracts/platform-detection";
import { cn } from "@web/lib/utils";
import { Hash, Headphones, type LucideIcon, MonitorPlay, Phone, Users, Video, Webcam } from "lucide-react";

/** One icon per platform (icons are known for these seven); lucide's generic shapes, no brand marks. */
const ICONS: Record<MeetingPlatform, { icon: LucideIcon; tone: string }> = {
  zoom: { icon: Video, tone: "bg-blue-500/15 text-blue-700 dark:text-blue-300" },
  teams: { icon: Users, tone: "bg-indigo-500/15 text-indigo-700 dark:text-indigo-300" },
  meet: { icon: MonitorPlay, tone: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300" },
  skype: { icon: Phone, tone: "bg-sky-500/15 text-sky-700 dark:text-sky-300" },
  webex: { icon: Webcam, tone: "bg-teal-500/15 text-teal-700 dark:text-teal-300" },
  discord: { icon: Headphones, tone: "bg-violet-500/15 text-violet-700 dark:text-violet-300" },
  slack: { icon: Hash, tone: "bg-fuchsia-500/15 text-fuchsia-700 dark:text-fuchsia-300" },
};

export function isMeetingPlatform(value: string): value is MeetingPlatform {
  return (MEETING_PLATFORMS as readonly string[]).includes(value);
}

/** The platform's icon in a round tile; decorative (the name is always written beside it). */
export function PlatformIcon({ platform, className }: { platform: MeetingPlatform; className?: string }) {
  const { icon: Icon, tone } = ICONS[platform];
  return (
    <span
      className={cn("inline-flex size-8 shrink-0 items-center justify-center rounded-full", tone, className)}
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}

export function platformName(platform: MeetingPlatform): string {
  return PLATFORM_LABELS[platform];
}
