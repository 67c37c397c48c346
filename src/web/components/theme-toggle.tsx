import { Moon, Sun } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";
import { useTheme } from "./theme-provider";

/** Switches between light and dark; the label says what pressing it will do. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label} className={cn(className)}>
      {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
