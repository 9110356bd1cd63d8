/**
 * The first step of the page's start (see boot.ts): importing this module runs the shared
 * libraries' chunk (React, the router, Apollo, Emotion, Chakra's style engine) in a task of
 * its own, before the theme and the portal's modules run in theirs.
 */
export { createSystem } from "@chakra-ui/react";
