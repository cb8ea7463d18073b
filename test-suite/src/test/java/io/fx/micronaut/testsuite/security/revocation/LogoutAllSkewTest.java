package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.testsuite.security.revocation.redis.RawRedis;
import io.fx.micronaut.testsuite.security.support.Refusals;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.security.support.WhoAmI;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Logout-all against a token issued before it by an issuer whose clock runs ahead (its {@code iat} after the
 * cutoff, within the clock skew), on every store through the server: another issuer's token counts as issued
 * before the cutoff until its {@code iat} is past the cutoff plus the skew; tokens of the module's own
 * {@link TokenIssuer}, on the server's clock, count at once.
 */
@TestDatabase
class LogoutAllSkewTest {

    static final String SPEC = "LogoutAllSkewTest";
    static final String SECRET = Tokens.SECRET;
    static final long SKEW_MILLIS = 5_000;

    private static EmbeddedServer start(String store, String redisPrefix) {
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC,
            "fx.security.jwt.secret", SECRET,
            "fx.security.jwt.clock-skew", SKEW_MILLIS + "ms",
            "fx.security.revocation.store", store,
            "redis.uri", "redis://127.0.0.1:6379",
            "fx.security.revocation.redis.key-prefix", redisPrefix,
            "fx.security.revocation.sql.table-prefix", "skew_",
            WhoAmI.PROPERTY, "protected"));
    }

    private static String token(String user, long iatMillis) {
        return Tokens.millisecondToken(SECRET, user, UUID.randomUUID().toString(), iatMillis, 300);
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "redis", "sql"})
    void aTokenIssuedBeforeALogoutAllIsRefusedAfterItWhateverItsIat(String store) throws InterruptedException {
        String prefix = "fx-test:" + UUID.randomUUID() + ":";
        try (EmbeddedServer server = start(store, prefix); RawRedis redis = new RawRedis("redis://127.0.0.1:6379")) {
            try {
                Api api = new Api(server);
                String user = "skew-" + UUID.randomUUID();
                String ahead = token(user, System.currentTimeMillis() + SKEW_MILLIS - 1_000);
                assertEquals(200, whoami(api, ahead).status(), "an iat within the skew passes");

                long before = System.currentTimeMillis();
                Reply logoutAll = api.send("POST", "/api/logout-all", null,
                    Map.of("Authorization", "Bearer " + token(user, before - 5)));
                long after = System.currentTimeMillis();
                assertEquals(204, logoutAll.status(), logoutAll::toString);
                Refusals.refused(whoami(api, ahead), 401, "TOKEN_REVOKED", "token revoked");

                Refusals.refused(whoami(api, token(user, after + 1_000)), 401, "TOKEN_REVOKED", "token revoked");
                Thread.sleep(5);
                assertEquals(200, whoami(api, token(user, after + SKEW_MILLIS + 1)).status(),
                    "another issuer's token past the cutoff plus the skew");
                TokenIssuer issuer = server.getApplicationContext().getBean(TokenIssuer.class);
                assertEquals(200, whoami(api, issuer.issue(user, List.of(), null).token()).status(),
                    "the module's own token after the cutoff counts at once");
                Refusals.refused(whoami(api, token(user, before - 1)), 401, "TOKEN_REVOKED", "token revoked");
            } finally {
                redis.deleteAll(prefix);
            }
        }
    }

    private static Reply whoami(Api api, String token) {
        return api.send("GET", "/api/whoami", null, Map.of("Authorization", "Bearer " + token));
    }
}
