import { Box } from "@chakra-ui/react";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { LoadFailureBoundary } from "../../ui/LoadFailureBoundary";
import { PageLoader } from "../../ui/PageLoader";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { useRouteScroll } from "./useRouteScroll";

const MAIN_ID = "contenu";

export function Layout() {
  useRouteScroll(MAIN_ID);
  const { pathname } = useLocation();
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <Header />
      <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" w="100%" maxW="7xl" mx="auto" px="4" py="6" outline="none">
        {/* A page that fails (offline, a new version) leaves the header and the footer in place. */}
        <LoadFailureBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </LoadFailureBoundary>
      </Box>
      <Footer />
    </Box>
  );
}
