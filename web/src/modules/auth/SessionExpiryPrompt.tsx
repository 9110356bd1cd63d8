import { useEffect, useState } from "react";
import { type SessionUserFragment } from "../../generated/accounts";
import { LazyPart } from "../../ui/LazyPart";
import { lazyLoad } from "../../ui/lazy-load";
import { SESSION_LOST_EVENT } from "../../apollo/client";

const SessionExpiredDialog = lazyLoad(() => import("./SessionExpiredDialog"));

/** The sign-in asked for when a session runs out on an open page; its code is loaded only then. */
export function SessionExpiryPrompt() {
  const [lost, setLost] = useState<SessionUserFragment | null>(null);
  useEffect(() => {
    const listener = (event: Event) =>
      setLost((current) => current ?? (event as CustomEvent<SessionUserFragment>).detail);
    window.addEventListener(SESSION_LOST_EVENT, listener);
    return () => window.removeEventListener(SESSION_LOST_EVENT, listener);
  }, []);
  if (!lost) return null;
  return (
    <LazyPart>
      <SessionExpiredDialog user={lost} onSettled={() => setLost(null)} />
    </LazyPart>
  );
}
