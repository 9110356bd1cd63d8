import { describe, expect, it } from "vitest";
import { ANONYMOUS, viewerOf } from "./viewer";
import { Network, Role } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import {
  allowedNetworks,
  canEditMedia,
  canReadMedia,
  canSeeMediaOwner,
  isPublicMedia,
  mediaVisibility,
  publicMediaCriteria,
} from "./media.policy";

const user = (role: Role, networks: Network[]): User => Object.assign(new User(), { id: "u", role, networks });

describe("media visibility", () => {
  const restricted = { networks: [Network.EAJE], userIds: ["author"], published: true };
  const open = { networks: [], userIds: ["author"], published: true };
  const forEveryNetwork = { networks: [Network.ALL], userIds: ["author"], published: true };

  it("shows public media to everyone", () => {
    expect(canReadMedia(ANONYMOUS, open)).toBe(true);
    expect(canReadMedia(viewerOf(user(Role.NEWS_PARTNER, [])), open)).toBe(true);
  });

  it("hides restricted media from visitors and from members of other networks", () => {
    expect(canReadMedia(ANONYMOUS, restricted)).toBe(false);
    expect(canReadMedia(viewerOf(user(Role.FULL_PARTNER, [Network.RPE])), restricted)).toBe(false);
    expect(mediaVisibility(ANONYMOUS)).toEqual({ kind: "public-and", networks: [], authorId: null });
  });

  it("shows media meant for every network to members of any network, not to others", () => {
    expect(canReadMedia(viewerOf(user(Role.FULL_PARTNER, [Network.RPE])), forEveryNetwork)).toBe(true);
    expect(canReadMedia(viewerOf(user(Role.FULL_PARTNER, [])), forEveryNetwork)).toBe(false);
    expect(canReadMedia(ANONYMOUS, forEveryNetwork)).toBe(false);
  });

  it("always shows authors their own media, even outside their networks", () => {
    const author = viewerOf(Object.assign(user(Role.NEWS_PARTNER, []), { id: "author" }));
    expect(canReadMedia(author, restricted)).toBe(true);
  });

  it("shows a draft or a scheduled article to its authors and the admins only, whatever its networks", () => {
    const draft = { ...open, published: false };
    expect(canReadMedia(viewerOf(Object.assign(user(Role.NEWS_PARTNER, []), { id: "author" })), draft)).toBe(true);
    expect(canReadMedia(viewerOf(user(Role.ADMIN, [])), draft)).toBe(true);
    expect(canReadMedia(ANONYMOUS, draft)).toBe(false);
    expect(canReadMedia(viewerOf(user(Role.FULL_PARTNER, [])), draft)).toBe(false);
    expect(
      canReadMedia(viewerOf(user(Role.FULL_PARTNER, [Network.ALL])), { ...forEveryNetwork, published: false }),
    ).toBe(false);
  });

  it("shows restricted media to members of the network, to 'all' and to admins", () => {
    expect(canReadMedia(viewerOf(user(Role.NEWS_PARTNER, [Network.RPE, Network.EAJE])), restricted)).toBe(true);
    expect(canReadMedia(viewerOf(user(Role.NEWS_PARTNER, [Network.ALL])), restricted)).toBe(true);
    expect(canReadMedia(viewerOf(user(Role.ADMIN, [])), restricted)).toBe(true);
  });
});

describe("media editing", () => {
  const media = { userIds: ["owner", "co-author"] };
  const named = (id: string, role: Role) => viewerOf(Object.assign(user(role, []), { id }));

  it("is for the accounts in userIds and for admins", () => {
    expect(canEditMedia(named("owner", Role.NEWS_PARTNER), media)).toBe(true);
    expect(canEditMedia(named("co-author", Role.FULL_PARTNER), media)).toBe(true);
    expect(canEditMedia(named("someone", Role.FULL_PARTNER), media)).toBe(false);
    expect(canEditMedia(named("someone", Role.ADMIN), media)).toBe(true);
    expect(canEditMedia(ANONYMOUS, media)).toBe(false);
  });

  it("limits networks to the author's own, unless 'all' or admin", () => {
    expect(allowedNetworks(viewerOf(user(Role.NEWS_PARTNER, [Network.RPE])))).toEqual([Network.RPE]);
    expect(allowedNetworks(viewerOf(user(Role.NEWS_PARTNER, [Network.ALL])))).toBe("all");
    expect(allowedNetworks(viewerOf(user(Role.ADMIN, [])))).toBe("all");
    expect(allowedNetworks(ANONYMOUS)).toEqual([]);
  });
});

describe("media owner", () => {
  it("is shown to administrators only", () => {
    expect(canSeeMediaOwner(viewerOf(user(Role.ADMIN, [])))).toBe(true);
    expect(canSeeMediaOwner(viewerOf(Object.assign(user(Role.NEWS_PARTNER, []), { id: "author" })))).toBe(false);
    expect(canSeeMediaOwner(ANONYMOUS)).toBe(false);
  });
});

describe("public media (sitemap, link-preview cards)", () => {
  const cases = [
    { networks: [], published: true },
    { networks: [Network.EAJE], published: true },
    { networks: [Network.ALL], published: true },
    { networks: [], published: false },
    { networks: [Network.EAJE], published: false },
  ];

  it("is what a signed-out visitor may read", () => {
    for (const media of cases) {
      const row = { ...media, userIds: ["author"], restricted: media.networks.length > 0 };
      expect(isPublicMedia(row), JSON.stringify(media)).toBe(canReadMedia(ANONYMOUS, row));
    }
  });

  it("says the same in SQL, on the columns of the index", () => {
    expect(publicMediaCriteria("m")).toBe("m.published = 1 AND m.restricted = 0");
  });
});
