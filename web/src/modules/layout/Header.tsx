import { Box, Button, Flex, HStack, Image, Stack } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import logo from "../../ui/assets/logo.svg";
import { useSession } from "../auth/session";
import { isTabActive, SECTION_TABS, visibleLinks } from "./navigation";

// Only signed-in partners have an account menu: its code loads for them alone.
const AccountMenu = lazy(() => import("./AccountMenu"));

const linkStyle = {
  px: "3",
  py: "2",
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
          <Box asChild {...linkStyle} display="block">
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Box as="header" bg="white" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
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
        _focus={{ top: "2" }}
      >
        <a href="#contenu">Aller au contenu</a>
      </Box>
      <Flex maxW="7xl" mx="auto" px="4" py="2" align="center" justify="space-between" gap="4">
        <NavLink to="/" aria-label="Portail parentalité, accueil">
          <Image src={logo} alt="" height="12" width="auto" />
        </NavLink>
        <Box as="nav" aria-label="Navigation principale" display={{ base: "none", md: "block" }} ms="auto">
          <MainLinks direction="row" />
        </Box>
        {user && (
          <Suspense fallback={null}>
            <AccountMenu />
          </Suspense>
        )}
        <Button
          display={{ base: "inline-flex", md: "none" }}
          variant="outline"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </Button>
      </Flex>
      {menuOpen && (
        <Box as="nav" id="menu-principal" aria-label="Navigation principale" px="4" pb="3" display={{ md: "none" }}>
          <MainLinks direction="column" />
        </Box>
      )}
      <Box as="nav" aria-label="Rubriques" bg="brand.700">
        <HStack
          as="ul"
          listStyleType="none"
          m="0"
          p="0"
          maxW="7xl"
          mx="auto"
          gap="0"
          flexDirection={{ base: "column", sm: "row" }}
          alignItems="stretch"
        >
          {SECTION_TABS.map((tab) => {
            const active = isTabActive(tab, pathname);
            return (
              <Box as="li" key={tab.to} flex="1">
                <Box
                  asChild
                  display="block"
                  textAlign="center"
                  px="4"
                  py="3"
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
        </HStack>
      </Box>
    </Box>
  );
}
