import { LazyMotion, m, MotionConfig, useReducedMotion } from "framer-motion";
import { type ReactNode } from "react";

const features = () => import("./features").then((module) => module.default);

export interface FadeSwapProps {
  /** What is shown: a new key fades the new content in, in place of the old one. */
  swapKey: string;
  children: ReactNode;
}

/**
 * Content that changes with a short fade and rise, so that a parent sees what changed (the list
 * turned into a map, results re-ordered around another place). framer-motion through LazyMotion
 * with its smallest feature set, loaded apart; none of it moves when the system asks for reduced
 * motion. It is mounted by the change it shows: its first content fades in too.
 *
 * The old content is not faded out. An exit (AnimatePresence, mode "wait") keeps the content it
 * will show next as it was when the change began: a search applied during the fade (words cleared
 * just after « Carte ») then drew the map of the previous search, and it stayed so.
 */
export default function FadeSwap({ swapKey, children }: FadeSwapProps) {
  // Reduced motion: a plain fade, nothing moves (not even for the first frame).
  const still = useReducedMotion() ?? false;
  return (
    <LazyMotion features={features} strict>
      <MotionConfig reducedMotion="user">
        <m.div
          key={swapKey}
          initial={still ? { opacity: 0 } : { opacity: 0, y: 8 }}
          animate={still ? { opacity: 1 } : { opacity: 1, y: 0 }}
          transition={{ duration: 0.18, ease: "easeOut" }}
        >
          {children}
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}
