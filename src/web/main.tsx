import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { applyTheme, readStoredTheme } from "./lib/theme";
import "./styles.css";

// Apply the saved theme before React renders anything, so a dark-theme user never sees a light flash.
// (The page allows no inline scripts, so this is the earliest safe place.)
applyTheme(readStoredTheme());

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
