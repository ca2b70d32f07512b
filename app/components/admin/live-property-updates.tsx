// Keeps an open list of properties current: when a property the user may see is created, edited,
// changes situação or is deleted elsewhere, the page's loader runs again (same URL, so the
// filters, sort and page stay) and a polite live region says so for a few seconds.
import { useEffect, useState } from "react";
import { changedCount, LIVE_UPDATE_NOTICE_MS, propertiesUpdatedMessage } from "../../lib/live-updates";
import { useLiveEvents } from "../../lib/use-live-events";

export function LivePropertyUpdates() {
  const [notice, setNotice] = useState({ text: "", seq: 0 });
  useLiveEvents(["property-changed"], (events) => {
    const text = propertiesUpdatedMessage(changedCount(events, "property-changed"));
    if (text) setNotice((current) => ({ text, seq: current.seq + 1 }));
  });
  useEffect(() => {
    if (!notice.text) return;
    const timer = setTimeout(() => setNotice((current) => ({ ...current, text: "" })), LIVE_UPDATE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // Always rendered, so assistive technology knows the region before it speaks.
  return (
    <p className="live-update" role="status" aria-live="polite" aria-atomic="true">
      {notice.text}
    </p>
  );
}
