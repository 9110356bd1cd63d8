import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { Role } from "../../modules/reference/reference.data";

/**
 * Legacy clients sort the users list with the spec's names (§7: creation, name, surname, email,
 * role, status, expiration); the payloads' "" fields are in spec-payloads.int.test.ts.
 */
describe("legacy REST payloads: the users list's sort", () => {
  const t = useTestPortal();

  describe("GET /api/users/search: the spec's sort names", () => {
    async function population() {
      const ds = t.portal.dataSource;
      const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute));
      return {
        b: await buildUser(ds, { name: "Bernard", surname: "Zoé", email: "b@example.org", createdAt: at(1) }),
        a: await buildUser(ds, { name: "Arnaud", surname: "Yves", email: "c@example.org", createdAt: at(3) }),
        c: await buildUser(ds, { name: "Castet", surname: "Xavier", email: "a@example.org", createdAt: at(2) }),
      };
    }
    const ids = (body: { users: Array<{ id: string }> }) => body.users.map((user) => user.id);

    it("sorts by creation, name, surname, email, role, status or expiration, in either direction and any case", async () => {
      const { agent, user: admin } = await actor(t, Role.ADMIN, {
        email: "admin@portail.test",
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      });
      const { a, b, c } = await population();
      const search = (query: string) => agent.rest("GET", `/api/users/search?size=10&from=0&${query}`);

      expect(ids((await search("orderBy=creation&orderDirection=asc")).body)).toEqual([admin!.id, b.id, c.id, a.id]);
      expect(ids((await search("orderBy=creation&orderDirection=DESC")).body)).toEqual([a.id, c.id, b.id, admin!.id]);
      expect(ids((await search("orderBy=createdAt&orderDirection=Desc")).body)).toEqual([a.id, c.id, b.id, admin!.id]);
      expect(ids((await search("orderBy=name&orderDirection=asc&textQuery=example")).body)).toEqual([a.id, b.id, c.id]);
      expect(ids((await search("orderBy=surname&orderDirection=asc&textQuery=example")).body)).toEqual([
        c.id,
        a.id,
        b.id,
      ]);
      expect(ids((await search("orderBy=email&orderDirection=desc&textQuery=example")).body)).toEqual([
        a.id,
        b.id,
        c.id,
      ]);
      for (const field of ["role", "status", "expiration", "Name"]) {
        const response = await search(`orderBy=${field}&orderDirection=asc`);
        expect({ field, status: response.status, total: response.body.total }).toEqual({
          field,
          status: 200,
          total: 4,
        });
      }
      // Blank means the default: newest first.
      expect(ids((await search("orderBy=&orderDirection=&textQuery=&status=")).body)).toEqual([
        a.id,
        c.id,
        b.id,
        admin!.id,
      ]);
    });

    it("refuses an unknown sort field or direction with a 400 naming the accepted values", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      const field = await agent.rest("GET", "/api/users/search?orderBy=password");
      expect(field).toMatchObject({
        status: 400,
        body: {
          code: "BAD_USER_INPUT",
          message:
            "Le tri « password » est inconnu. Valeurs acceptées : creation, name, surname, email, role, status, expiration (ou createdAt).",
        },
      });
      // Names every JavaScript object has are not sort fields either.
      for (const name of ["constructor", "__proto__", "toString"]) {
        const inherited = await agent.rest("GET", `/api/users/search?orderBy=${name}`);
        expect(inherited.status, name).toBe(400);
        expect(inherited.body.message, name).toBe(
          `Le tri « ${name} » est inconnu. Valeurs acceptées : creation, name, surname, email, role, status, expiration (ou createdAt).`,
        );
      }
      const direction = await agent.rest("GET", "/api/users/search?orderBy=name&orderDirection=up");
      expect(direction).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message: "Le sens du tri « up » est inconnu. Valeurs acceptées : asc, desc." },
      });
    });
  });
});
