import { Box, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { type ReactNode } from "react";
import { type SiteQuery, useSiteQuery } from "../../generated/reference";
import { PageLoader } from "../../ui/PageLoader";
import { usePageTitle } from "../../ui/usePageTitle";
import { type SiteIdentity, type StaticPageContent } from "./content";

type Site = SiteQuery["site"];

const identity = (site: Site): SiteIdentity => site;

/** An e-mail address in a sentence (its final full stop stays out of it). */
const EMAIL = /[^\s@:(),;]+@[^\s@(),;]+\.[\p{L}]{2,}/gu;

/** A paragraph whose e-mail addresses are links that open the visitor's mail. */
function withMailLinks(paragraph: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(EMAIL)) {
    parts.push(paragraph.slice(last, match.index));
    parts.push(
      <Link key={match.index} href={`mailto:${match[0]}`} color="brand.700" textDecoration="underline">
        {match[0]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  parts.push(paragraph.slice(last));
  return parts;
}

/** A text page written in content.ts, filled with the configured publisher, host and contacts. */
export function StaticPage({ content }: { content: (site: SiteIdentity) => StaticPageContent }) {
  const { data, error } = useSiteQuery();
  const page = data ? content(identity(data.site)) : null;
  usePageTitle(page?.title);

  if (!page) {
    return error ? <Text role="alert">Impossible de charger cette page, veuillez réessayer.</Text> : <PageLoader />;
  }
  return (
    <Stack as="article" gap="6" maxW="4xl">
      <Heading as="h1" size="2xl">
        {page.title}
      </Heading>
      {page.lead && (
        <Text fontSize="lg" color="gray.700">
          {page.lead}
        </Text>
      )}
      {page.sections.map((section) => (
        <Box as="section" key={section.heading}>
          <Heading as="h2" size="lg" mb="3">
            {section.heading}
          </Heading>
          {section.paragraphs.map((paragraph, index) => (
            <Text key={index} mb="3" lineHeight="tall">
              {withMailLinks(paragraph)}
            </Text>
          ))}
          {section.items && (
            <Box as="ul" ps="6" mb="3" listStyleType="disc">
              {section.items.map((item) => (
                <Box as="li" key={item} mb="2" lineHeight="tall">
                  {withMailLinks(item)}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}
