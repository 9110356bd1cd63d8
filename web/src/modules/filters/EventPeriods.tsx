import { Box, Button, Flex, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { todayInParis } from "../../rules";
import { chosenPeriod, type EventPeriod, eventPeriods } from "./event-periods";
import { EMPTY_FILTERS, type ListState, serialiseListState } from "./url-state";

/**
 * « Quand ? » above the news list: events to come (by date), today, this week-end, this
 * week, this month, or the past ones. Plain links to the list's URL with the other filters
 * kept, so they work before the page's code has run and with the back button.
 */
export function EventPeriods({ state }: { state: ListState }) {
  const labelId = useId();
  const today = todayInParis();
  const events = state.filters.category === "EVENT";
  const current = events ? chosenPeriod(state.filters, today) : null;
  const periods = eventPeriods(today);
  const choices: Array<{ id: EventPeriod | "upcoming" | "past"; label: string }> = [
    { id: "upcoming", label: "À venir" },
    ...periods,
    { id: "past", label: "Évènements passés" },
  ];
  const hrefFor = (id: EventPeriod | "upcoming" | "past") => {
    const period = periods.find((choice) => choice.id === id);
    const dates = period ? { eventFrom: period.from, eventTo: period.to } : { eventFrom: null, eventTo: null };
    const next: ListState = {
      ...state,
      page: 1,
      filters: { ...EMPTY_FILTERS, ...state.filters, category: "EVENT", ...dates, pastEvents: id === "past" },
    };
    return `?${serialiseListState(next, "news").toString()}`;
  };
  return (
    <Box as="nav" aria-labelledby={labelId}>
      <Text id={labelId} fontWeight="semibold" color="gray.900" mb="2">
        Évènements : quand ?
      </Text>
      {/* One row that scrolls sideways on a phone (the list stays in view), wrapped from md. */}
      <Flex
        gap="2"
        wrap={{ base: "nowrap", md: "wrap" }}
        overflowX={{ base: "auto", md: "visible" }}
        mx={{ base: "-4", md: "0" }}
        px={{ base: "4", md: "0" }}
        py="1"
        scrollPaddingInline="4"
        // A chip reached with Tab is brought whole into view: the browser leaves one that is
        // already partly shown where it is, two thirds off the screen.
        onFocus={(event) => event.target.scrollIntoView({ block: "nearest", inline: "nearest" })}
      >
        {choices.map(({ id, label }) => {
          const active = id === current;
          return (
            <Button
              key={id}
              asChild
              size="sm"
              borderRadius="full"
              colorPalette="brand"
              variant={active ? "solid" : "outline"}
              flexShrink={0}
            >
              <Link to={hrefFor(id)} aria-current={active ? "true" : undefined}>
                {label}
              </Link>
            </Button>
          );
        })}
      </Flex>
    </Box>
  );
}
