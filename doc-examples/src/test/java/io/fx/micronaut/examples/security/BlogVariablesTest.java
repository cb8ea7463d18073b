package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.fx.micronaut.examples.blog.BlogApplication;
import io.fx.micronaut.security.jwt.JwksConfiguration;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The blog started with real environment variables, as {@link BlogApplication#main} reads them: the
 * build's {@code blog-variables} run sets {@code BLOG_JWT_SECRET}, {@code BLOG_JWT_AUDIENCE},
 * {@code BLOG_JWKS_REFETCH}, {@code BLOG_API_KEY}, {@code BLOG_TENANCY=true}, {@code BLOG_DEMO_USERS} and
 * {@code BLOG_TOKEN_TTL} for this class only, and
 * Micronaut resolves them with nothing in between.
 */
@EnabledIfEnvironmentVariable(named = "BLOG_JWT_SECRET", matches = ".+")
class BlogVariablesTest {

    @Test
    void theVariablesConfigureTheBlog() throws Exception {
        ApplicationContextBuilder builder = ApplicationContext.builder().environments("test").properties(Map.of(
            "micronaut.server.port", -1, "datasources.default.url", "jdbc:h2:mem:blog-variables;DB_CLOSE_DELAY=-1"));
        try (ApplicationContext context = BlogApplication.configure(builder, System.getenv()).start()) {
            EmbeddedServer server = context.getBean(EmbeddedServer.class).start();
            Client client = new Client(server.getURL().toString());
            assertEquals(Duration.ofSeconds(7), context.getBean(JwksConfiguration.class).getMinRefetchInterval());

            String acme = token("alice", "blog-api");
            Client.Reply me = client.send("GET", "/api/me", null, bearer(acme));
            assertEquals(200, me.status(), me.toString());
            assertEquals("acme", me.data().get("tenant_id"));
            Client.Reply wrongAudience = client.send("GET", "/api/me", null, bearer(token("alice", "other-api")));
            assertEquals(401, wrongAudience.status(), wrongAudience.toString());
            assertEquals("INVALID_TOKEN", wrongAudience.error().get("code"));

            Client.Reply author = client.send("POST", "/api/authors", "{\"name\":\"Ada\",\"email\":\"ada@acme.test\"}",
                bearer(acme));
            assertEquals(201, author.status(), author.toString());
            assertEquals("acme", author.data().get("tenant_id"), "BLOG_TENANCY=true");
            assertEquals(403, client.send("GET", "/api/authors", null).status(), "no tenant, no authors");

            Client.Reply bot = client.send("GET", "/api/me", null, "X-API-Key", System.getenv("BLOG_API_KEY"));
            assertEquals(200, bot.status(), bot.toString());
            assertEquals("ci-bot", bot.data().get("user_id"));

            Client.Reply login = client.send("POST", "/api/login", "{\"username\":\"alice\",\"password\":\"wonderland\"}");
            assertEquals(200, login.status(), login.toString());
            assertEquals(300, login.data().get("expires_in"), "BLOG_TOKEN_TTL");
            String issued = (String) login.data().get("access_token");
            assertEquals("blog-api", BlogLoginTest.claims(issued).get("aud"), "the login's tokens carry BLOG_JWT_AUDIENCE");
            Client.Reply authors = client.send("GET", "/api/authors", null, bearer(issued));
            assertEquals(200, authors.status(), authors.toString());
            assertEquals(List.of("Ada"), authors.list().stream().map(a -> a.get("name")).toList(),
                "the login's tenant acme sees acme's authors");
        }
    }

    private static String token(String subject, String audience) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), new JWTClaimsSet.Builder().subject(subject)
            .audience(audience).claim("tenant_id", "acme").expirationTime(Date.from(Instant.now().plusSeconds(600))).build());
        jwt.sign(new MACSigner(System.getenv("BLOG_JWT_SECRET").getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }
}
