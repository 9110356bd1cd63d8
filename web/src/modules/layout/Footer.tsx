import { Box, Flex, Image, Stack, Text } from "@chakra-ui/react";
import banner from "../../ui/assets/banner.svg";
import logo from "../../ui/assets/logo.svg";
import { RouterLink } from "../../ui/RouterLink";
import { PORTAL_NAME } from "../../rules";

export const SECULARISM_CHARTER_URL = "/documents/charte-laicite-branche-famille.pdf";

export function Footer() {
  return (
    <Box as="footer" mt="16" bg="white" borderTopWidth="1px">
      <Image src={banner} alt="" width="100%" height={{ base: "16", md: "28" }} objectFit="cover" />
      <Flex
        maxW="7xl"
        mx="auto"
        px="4"
        py="6"
        gap="6"
        direction={{ base: "column", md: "row" }}
        align={{ md: "center" }}
      >
        <Image src={logo} alt={PORTAL_NAME} height="12" width="auto" alignSelf="flex-start" />
        <Stack
          as="ul"
          direction={{ base: "column", md: "row" }}
          gap={{ base: "2", md: "6" }}
          listStyleType="none"
          m="0"
          p="0"
          flex="1"
          justify="flex-end"
          // On phones each link is a 44 px high target.
          css={{ "& a": { display: "inline-flex", alignItems: "center", minHeight: { base: "44px", md: "auto" } } }}
        >
          <li>
            <RouterLink textDecoration="underline" to="/mentions-legales">
              Mentions légales
            </RouterLink>
          </li>
          <li>
            <RouterLink textDecoration="underline" to="/conditions-generales-d-utilisation">
              Conditions générales d'utilisation
            </RouterLink>
          </li>
          <li>
            <RouterLink textDecoration="underline" to="/accessibilite">
              Accessibilité : non conforme
            </RouterLink>
          </li>
          <li>
            <a href={SECULARISM_CHARTER_URL} target="_blank" rel="noopener" style={{ textDecoration: "underline" }}>
              Charte de la laïcité (PDF, nouvelle fenêtre)
            </a>
          </li>
          <li>
            <RouterLink textDecoration="underline" to="/donnees-ouvertes">
              Données ouvertes
            </RouterLink>
          </li>
          <li>
            <a href="/graphql" style={{ textDecoration: "underline" }}>
              API GraphQL
            </a>
          </li>
        </Stack>
      </Flex>
      <Text textAlign="center" fontSize="sm" color="gray.600" pb="4">
        Un service de la Caisse d'allocations familiales et de ses partenaires.
      </Text>
    </Box>
  );
}
