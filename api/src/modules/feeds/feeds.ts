import type { ApolloServer } from "@apollo/server";
import { type Request, type Response, Router } from "express";
import type { Context } from "../../context";
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from "../../errors";
import { logger } from "../../logger";
import { calendarEvent, type CalendarEvent, icalendar } from "./icalendar";
import { rssChannel } from "./rss";

/**
 * Feeds of the public lists: RSS 2.0 of the news and of the resources, iCalendar of the
 * events to come. They take the lists' own filters (`?ages=ENFANCE&thematics=HOUSING&epci=…
 * &towns=…&q=…`, as in a list's address), never networks: a feed is read by anyone it is
 * given to, so it is always read as a visitor (public content only).
 */
export const FEEDS = {
  "actualites.xml": {
    format: "rss",
    title: "Nouveautés, évènements",
    categories: ["NEW", "EVENT"],
    page: "/actualites",
  },
  "ressources.xml": {
    format: "rss",
    title: "Documentations, Articles",
    categories: ["RESOURCE"],
    page: "/ressources",
  },
  "evenements.ics": {
    format: "ical",
    title: "Évènements",
    categories: ["EVENT"],
    page: "/actualites?category=EVENT",
  },
} as const;
export type FeedName = keyof typeof FEEDS;

const RSS_ITEMS = 50;
const CALENDAR_EVENTS = 100;
/** Readers and calendars poll: a few minutes of cache spare the database. */
const FEED_MAX_AGE_SECONDS = 300;

/** The list filters a feed honours, from a list's query string. */
export function feedFilters(query: URLSearchParams): Record<string, unknown> {
  const list = (key: string) => {
    const values = query
      .getAll(key)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean);
    return values.length > 0 ? [...new Set(values)] : null;
  };
  const places = [...(list("epci") ?? []), ...(list("towns") ?? [])];
  const text = query.get("q")?.trim();
  return {
    ages: list("ages"),
    thematics: list("thematics"),
    locations: places.length > 0 ? places : null,
    textQuery: text ? text : null,
  };
}

/** The same filters written back (what a list page's feed links carry). */
export function feedQuery(query: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ["q", "ages", "thematics", "epci", "towns"]) {
    for (const value of query.getAll(key)) if (value.trim()) kept.append(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** `<link rel="alternate">` tags of a list page, so browsers and readers find its feeds. */
export function feedLinks(pathname: string, search: string, portalName: string): string {
  const query = feedQuery(new URLSearchParams(search));
  const link = (name: FeedName, type: string) =>
    `<link rel="alternate" type="${type}" title="${FEEDS[name].title} – ${portalName}" href="/flux/${name}${query
      .replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")}" />`;
  if (pathname === "/" || pathname === "/actualites") {
    return [link("actualites.xml", "application/rss+xml"), link("evenements.ics", "text/calendar")].join("\n    ");
  }
  if (pathname === "/ressources") return link("ressources.xml", "application/rss+xml");
  return "";
}

const FEED_QUERY = `query Feed($input: MediaSearchInput!) {
  site { portalName publicUrl }
  mediaSearch(input: $input) {
    results { id title description createdAt categories eventFrom eventTo eventAddress city }
  }
}`;

interface FeedMedia {
  id: string;
  title: string;
  description: string | null;
  createdAt: string;
  categories: string[];
  eventFrom: string | null;
  eventTo: string | null;
  eventAddress: string | null;
  city: string[];
}

const CATEGORY_LABELS: Record<string, string> = { NEW: "Actualité", EVENT: "Évènement", RESOURCE: "Ressource" };

/** GET /flux/actualites.xml, /flux/ressources.xml and /flux/evenements.ics. */
export function feedsRouter(
  apollo: ApolloServer<Context>,
  visitorContext: (req: Request, res: Response) => Promise<Context>,
): Router {
  const router = Router();
  router.get("/flux/:name", async (req, res, next) => {
    const name = req.params.name as FeedName;
    if (!Object.hasOwn(FEEDS, name)) return next();
    const feed = FEEDS[name];
    const query = new URL(req.originalUrl, "http://feed").searchParams;
    try {
      const response = await apollo.executeOperation(
        {
          query: FEED_QUERY,
          variables: {
            input: {
              ...feedFilters(query),
              categories: feed.categories,
              ...(feed.format === "ical" ? { eventTiming: "UPCOMING" } : {}),
              page: 0,
              pageSize: feed.format === "ical" ? CALENDAR_EVENTS : RSS_ITEMS,
            },
          },
        },
        { contextValue: await visitorContext(req, res) },
      );
      if (response.body.kind !== "single") throw new Error("unexpected incremental GraphQL answer");
      const { data, errors } = response.body.singleResult;
      if (errors?.length || !data) {
        // The database out of reach: try again soon; anything else is the request's filters.
        if (response.http.status === 503) {
          res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
          res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE });
          return;
        }
        res.status(400).json({
          code: "BAD_USER_INPUT",
          message: `Ce flux ne peut pas être produit : ${errors?.[0]?.message ?? "requête invalide."}`,
        });
        return;
      }
      const { site, mediaSearch } = data as {
        site: { portalName: string; publicUrl: string };
        mediaSearch: { results: FeedMedia[] };
      };
      const page = `${site.publicUrl}${feed.page}`;
      res.setHeader("Cache-Control", `public, max-age=${FEED_MAX_AGE_SECONDS}`);
      if (feed.format === "ical") {
        const events = mediaSearch.results
          .map((media) =>
            calendarEvent(
              {
                ...media,
                eventFrom: media.eventFrom ? new Date(media.eventFrom) : null,
                eventTo: media.eventTo ? new Date(media.eventTo) : null,
              },
              site.publicUrl,
            ),
          )
          .filter((event): event is CalendarEvent => event !== null);
        res.setHeader("Content-Type", "text/calendar; charset=utf-8");
        res.send(icalendar(events, { name: `${feed.title} – ${site.portalName}` }));
        return;
      }
      res.setHeader("Content-Type", "application/rss+xml; charset=utf-8");
      res.send(
        rssChannel({
          title: `${feed.title} – ${site.portalName}`,
          link: page,
          self: `${site.publicUrl}${req.originalUrl}`,
          description: `${feed.title} publiés sur le ${site.portalName}.`,
          items: mediaSearch.results.map((media) => ({
            title: media.title,
            link: `${site.publicUrl}${media.categories.includes("RESOURCE") ? "/ressources" : "/actualites"}/${media.id}`,
            description: media.description,
            published: new Date(media.createdAt),
            categories: media.categories.map((category) => CATEGORY_LABELS[category] ?? category),
          })),
        }),
      );
    } catch (error) {
      logger.error("feeds.failed", { feed: name, error: String(error) });
      next(error);
    }
  });
  return router;
}
