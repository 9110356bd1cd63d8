import { Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterDomLink } from "react-router-dom";
import { useMediaSearchQuery } from "../../generated/media";
import { type Category } from "../../generated/reference";
import { ErrorState } from "../../ui/ErrorState";
import { formatDate } from "./dates";
import { PublicationBadge } from "./PublicationBadge";

/** The signed-in user's own media of some categories, newest first, each linking to its page. */
export function MyMediaList({
  categories,
  empty,
  basePath,
}: {
  categories: Category[];
  empty: string;
  basePath: string;
}) {
  const { data, loading, error, refetch } = useMediaSearchQuery({
    variables: { input: { categories, mine: true, page: 0, pageSize: 100 } },
    fetchPolicy: "cache-and-network",
  });
  if (loading && !data) return <Text color="gray.700">Chargement…</Text>;
  if (error && !data)
    return (
      <ErrorState
        message="Vos articles n'ont pas pu être chargés : vérifiez votre connexion."
        onRetry={() => void refetch().catch(() => undefined)}
      />
    );
  const results = data?.mediaSearch.results ?? [];
  if (results.length === 0) return <Text color="gray.700">{empty}</Text>;
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
      {results.map((media) => (
        <li key={media.id}>
          <Link asChild color="brand.700" textDecoration="underline">
            <RouterDomLink to={`${basePath}/${media.id}`}>{media.title}</RouterDomLink>
          </Link>{" "}
          <Text as="span" color="gray.700" fontSize="sm">
            – {formatDate(media.createdAt)}
          </Text>
          <PublicationBadge media={media} />
        </li>
      ))}
    </Stack>
  );
}
