import { waitlistExportFileName } from "@core/contracts/waitlist";
import { format } from "date-fns";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { apiRequest, serverMessage } from "@web/lib/api";
import { saveFile } from "@web/lib/save-file";

/** Downloads every signup as CSV under today's date: waitlist-2026-11-23.csv. */
export function ExportButton({ disabled }: { disabled?: boolean }) {
  const [isExporting, setExporting] = useState(false);
  const handleExport = async () => {
    setExporting(true);
    try {
      const response = await apiRequest("GET", "/api/waitlist/export");
      saveFile(await response.blob(), waitlistExportFileName(format(new Date(), "yyyy-MM-dd")));
    } catch (error) {
      toast({
        title: "Export failed",
        description: serverMessage(error, "The CSV could not be created. Please try again."),
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button onClick={handleExport} disabled={disabled || isExporting}>
      {isExporting ? <Spinner /> : <Download aria-hidden="true" />}
      {isExporting ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
