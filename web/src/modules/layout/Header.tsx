import { Box, Button, Flex, Image, Stack } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import logo from "../../ui/assets/logo.svg";
import { useSession } from "../auth/session";
import { isTabActive, SECTION_TABS, visibleLinks } from "./navigation";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";
import { PORTAL_NAME } from "../../rules";

// Only signed-in partners have an account menu: its code loads for them alone.
const AccountMenu = lazyLoad(() => import("./AccountMenu"));

/** The pinned bar's height: at most 64 px, so a phone keeps its screen for the page. */
export const HEADER_BAR_HEIGHT = "64px";

const linkStyle = {
  px: "3",
  py: "2",
  minH: "11",
  display: "flex",
  alignItems: "center",
  borderRadius: "md",
  fontWeight: "medium",
  color: "gray.800",
  _hover: { bg: "brand.50", color: "brand.700" },
  _focusVisible: { outline: "3px solid", outlineColor: "brand.500", outlineOffset: "2px" },
  "&[aria-current=page]": { color: "brand.700", bg: "brand.50" },
} as const;

function MainLinks({ direction }: { direction: "row" | "column" }) {
  const { user } = useSession();
  return (
    <Stack as="ul" direction={direction} gap="1" listStyleType="none" m="0" p="0">
      {visibleLinks(user !== null).map((item) => (
        <Box as="li" key={item.to}>
          <Box asChild {...linkStyle}>
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The portal's header: a pinned bar (logo, links or the phone menu, account) of at most
 * 64 px, then the three sections, which scroll away with the page.
 */
export function Header() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [pathname]);
  // Escape closes the phone menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <>
      <Box
        as="header"
        bg="white"
        // A shadow rather than a border: the bar stays 64 px high.
        boxShadow="0 1px 0 var(--chakra-colors-gray-200)"
        position="sticky"
        top="0"
        zIndex="sticky"
        // A phone held sideways has little height: the bar then scrolls with the page.
        css={{ "@media (max-height: 480px)": { position: "static" } }}
      >
        <Box
          asChild
          position="absolute"
          left="2"
          top="-20"
          bg="brand.700"
          color="white"
          px="4"
          py="2"
          borderRadius="md"
          zIndex="skipNav"
          _focus={{ top: "2" }}
        >
          <a href="#contenu">Aller au contenu</a>
        </Box>
        <Flex maxW="7xl" mx="auto" px={{ base: "2", sm: "4" }} h={HEADER_BAR_HEIGHT} align="center" gap="2">
          <NavLink to="/" aria-label={`${PORTAL_NAME}, accueil`} style={{ flexShrink: 0 }}>
            <Image src={logo} alt="" height={{ base: "10", sm: "12" }} width="auto" htmlWidth="148" htmlHeight="48" />
          </NavLink>
          <Box as="nav" aria-label="Navigation principale" display={{ base: "none", md: "block" }} ms="auto">
            <MainLinks direction="row" />
          </Box>
          <Flex ms={{ base: "auto", md: "0" }} gap="2" align="center" minW="0">
            {user && (
              <LazyPart
                // The menu's code could not come (offline): its button stays, and fetches it again.
                failed={(retry) => (
                  <Button variant="outline" colorPalette="brand" onClick={retry}>
                    Mon compte
                  </Button>
                )}
              >
                <AccountMenu />
              </LazyPart>
            )}
            <Button
              ref={menuButton}
              display={{ base: "inline-flex", md: "none" }}
              variant="outline"
              aria-expanded={menuOpen}
              aria-controls="menu-principal"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </Button>
          </Flex>
        </Flex>
        {menuOpen && (
          <Box
            as="nav"
            id="menu-principal"
            aria-label="Navigation principale"
            px="4"
            pb="3"
            display={{ md: "none" }}
            maxH="calc(100dvh - 64px)"
            overflowY="auto"
          >
            <MainLinks direction="column" />
          </Box>
        )}
      </Box>
      <Box as="nav" aria-label="Rubriques" bg="brand.700">
        <Flex as="ul" listStyleType="none" m="0" p="0" maxW="7xl" mx="auto" align="stretch">
          {SECTION_TABS.map((tab) => {
            const active = isTabActive(tab, pathname);
            return (
              // Each tab is at least as wide as its longest word (a flex item's automatic minimum),
              // so « Documentations » is never cut; the others share what is left.
              <Box as="li" key={tab.to} flex="1">
                <Box
                  asChild
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  textAlign="center"
                  h="100%"
                  minH="11"
                  px={{ base: "0.5", sm: "4" }}
                  // Where French hyphenation is available, long words may still break at a syllable.
                  hyphens="auto"
                  overflowWrap="break-word"
                  py={{ base: "1.5", sm: "3" }}
                  // 14 px on most phones, a little less on the narrowest (320 px), where the
                  // three longest words must still fit side by side.
                  fontSize={{ base: "clamp(0.8125rem, 3.6vw, 0.875rem)", sm: "md" }}
                  lineHeight="short"
                  color="white"
                  fontWeight="semibold"
                  borderBottomWidth="4px"
                  borderColor={active ? "accent.500" : "transparent"}
                  bg={active ? "brand.800" : undefined}
                  _hover={{ bg: "brand.800" }}
                  _focusVisible={{ outline: "3px solid white", outlineOffset: "-3px" }}
                >
                  <Link to={tab.to} aria-current={active ? "page" : undefined}>
                    {tab.label}
                  </Link>
                </Box>
              </Box>
            );
          })}
        </Flex>
      </Box>
    </>
  );
}
