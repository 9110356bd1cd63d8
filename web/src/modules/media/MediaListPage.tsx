import { Button } from "@chakra-ui/react";
import { type ComponentType, type ReactNode, useMemo } from "react";
import { Link } from "react-router-dom";
import { useMediaSearchQuery } from "../../generated/media";
import { type CardProps, MEDIA_CARD_HEIGHT } from "./MediaCards";
import { type Category } from "../../generated/reference";
import { usePageTitle } from "../../ui/usePageTitle";
import { useSession } from "../auth/session";
import { EventPeriods } from "../filters/EventPeriods";
import { FilteredList } from "../filters/FilteredList";
import { SubscribeLinks } from "../filters/SubscribeLinks";
import { toMediaSearchInput } from "../filters/search-input";
import { type ListMode } from "../filters/url-state";
import { useFilterOptions } from "../filters/useFilterOptions";
import { useListState } from "../filters/useListState";

interface MediaListPageProps {
  title: string;
  mode: Exclude<ListMode, "services">;
  /** The list's categories (news: NEW and EVENT; resources: RESOURCE). */
  categories: Category[];
  Card: ComponentType<CardProps>;
  /** Above the list (the home page's « Que cherchez-vous ? »). */
  intro?: ReactNode;
}

/** The cards a first screen shows: three thumbnails on a phone, a row of three on a computer. */
const FIRST_SCREEN_CARDS = 3;

/** A filtered list of media of some categories, newest first, 15 per page. */
export function MediaListPage({ title, mode, categories, Card, intro }: MediaListPageProps) {
  usePageTitle(title);
  const list = useListState(mode);
  const { networks } = useFilterOptions(mode);
  const allowedNetworks = useMemo(() => networks.map((option) => option.value), [networks]);
  const input = toMediaSearchInput(list.state, categories, allowedNetworks);
  // Around a place, each event says how far it is (a field with the place as argument).
  const { data, loading, error, refetch } = useMediaSearchQuery({
    variables: { input, place: input.near ? { lat: input.near.lat, lon: input.near.lon } : null },
  });
  const results = data?.mediaSearch.results ?? [];

  return (
    <>
      {intro}
      <FilteredList
        mode={mode}
        title={title}
        list={list}
        alert={{ media: input }}
        placeholderHeight={MEDIA_CARD_HEIGHT}
        action={mode === "news" ? <WriteArticleButton /> : undefined}
        before={
          mode === "news" && list.state.filters.category !== "NEW" ? <EventPeriods state={list.state} /> : undefined
        }
        results={{
          count: data?.mediaSearch.count ?? 0,
          countIsMinimum: data?.mediaSearch.countIsMinimum ?? false,
          shown: results.length,
          loading,
          error: Boolean(error),
          onRetry: () => void refetch().catch(() => undefined),
          ignoredQuery: data?.mediaSearch.ignoredQuery,
          suggestion: data?.mediaSearch.suggestion,
          nextEventFrom: data?.mediaSearch.nextEventFrom,
        }}
      >
        {results.map((media, index) => (
          <Card key={media.id} media={media} priority={index === 0} firstScreen={index < FIRST_SCREEN_CARDS} />
        ))}
      </FilteredList>
      <SubscribeLinks mode={mode} state={list.state} />
      {mode === "resources" && <WriteArticleButton floating />}
    </>
  );
}

/** 'Écrire un nouvel article', for signed-in partners; the floating one presets the resource category. */
function WriteArticleButton({ floating = false }: { floating?: boolean }) {
  const { can } = useSession();
  if (!can.publish) return null;
  if (!floating) {
    return (
      <Button asChild colorPalette="brand">
        <Link to="/nouvel-article">Écrire un nouvel article</Link>
      </Button>
    );
  }
  return (
    <Button
      asChild
      colorPalette="brand"
      size="lg"
      position="fixed"
      bottom="6"
      right="6"
      zIndex="docked"
      borderRadius="full"
      shadow="lg"
    >
      <Link to="/nouvel-article?categorie=resource">Écrire un nouvel article</Link>
    </Button>
  );
}
