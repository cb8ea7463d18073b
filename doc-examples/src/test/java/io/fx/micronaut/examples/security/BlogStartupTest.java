package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.fx.micronaut.examples.blog.BlogApplication;
import io.fx.micronaut.production.ProductionValidator;
import io.fx.micronaut.security.jwt.JwksConfiguration;
import io.fx.micronaut.security.jwt.JwtConfiguration;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the blog's environment variables start it: an empty one fails clearly, none leaves the blog open
 * with a warning (and {@code fx.production} refuses that), a key-set address and its settings reach the
 * module's configuration.
 */
class BlogStartupTest {

    @Test
    void anEmptyVariableFailsStartupNamingIt() {
        IllegalStateException secret = assertThrows(IllegalStateException.class,
            () -> BlogApplication.configure(ApplicationContext.builder(), Map.of("BLOG_JWT_SECRET", "")));
        assertEquals("BLOG_JWT_SECRET is set but empty: give it a value or unset it", secret.getMessage());
        IllegalStateException url = assertThrows(IllegalStateException.class,
            () -> BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_JWKS_URL", " ")));
        assertEquals("BLOG_JWKS_URL is set but empty: give it a value or unset it", url.getMessage());
    }

    @Test
    void theKeySetCaComesFromBlogJwksCa() {
        Exception failure = assertThrows(Exception.class, () -> BlogServer.start(Map.of(
            "BLOG_JWKS_URL", "https://127.0.0.1:9/jwks.json", "BLOG_JWKS_CA", "not a certificate")));
        assertTrue(causes(failure).contains("fx.security.jwt.jwks.ca-cert: cannot read the PEM file not a certificate"),
            causes(failure));
    }

    @Test
    void anEmptyIssuerAudienceOrCaIsNone() {
        try (BlogServer server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_JWT_ISSUER", "",
                "BLOG_JWT_AUDIENCE", "", "BLOG_JWKS_CA", ""))) {
            Client.Reply me = new Client(server.url()).send("GET", "/api/me", null, bearer(Tokens.mint("alice", Map.of())));
            assertEquals(200, me.status(), "a token without iss and aud is accepted: " + me);
        }
    }

    @Test
    void aSecretUnder32BytesFailsStartupNamingTheKey() {
        Exception failure = assertThrows(Exception.class, () -> BlogServer.start(Map.of("BLOG_JWT_SECRET", "too-short")));
        assertTrue(causes(failure).contains("fx.security.jwt.secret"), causes(failure));
    }

    @Test
    void withoutVariablesTheBlogIsOpenAndSaysSo() {
        Logger logger = (Logger) LoggerFactory.getLogger(BlogApplication.class);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        try (BlogServer server = BlogServer.start(Map.of())) {
            Client client = new Client(server.url());
            Client.Reply created = client.send("POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\",\"slug\":\"open\"}");
            assertEquals(201, created.status(), created.toString());
            assertEquals(null, created.data().get("owner_id"));
            assertEquals(204, client.send("DELETE", "/api/posts/" + created.data().get("id"), null).status());
            assertEquals(401, client.send("GET", "/api/me", null).status(), "nobody is signed in");
        } finally {
            logger.detachAppender(appender);
        }
        assertEquals(List.of("WARN The blog is open: no BLOG_JWT_SECRET, BLOG_JWKS_URL or BLOG_API_KEY is set, so anyone "
                + "may read and write everything. fx.production: true refuses to start like this."),
            appender.list.stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList());
    }

    @Test
    void anApiKeyAloneLocksTheBlogToItsHolder() {
        try (BlogServer server = BlogServer.start(Map.of("BLOG_API_KEY", "only-key"))) {
            Client client = new Client(server.url());
            Client.Reply anonymous = client.send("GET", "/api/posts", null);
            assertEquals(401, anonymous.status(), "no jwt environment, so no anonymous reads: " + anonymous);
            assertEquals(200, client.send("GET", "/api/posts", null, "X-API-Key", "only-key").status());
            Client.Reply created = client.send("POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\"}",
                "X-API-Key", "only-key");
            assertEquals(201, created.status(), created.toString());
            assertEquals(null, created.data().get("owner_id"), "the owner rule is part of the jwt environment");
            for (String path : List.of("/api/openapi.json", "/api/docs", "/api/docs/swagger-ui-bundle.js")) {
                Client.Reply refused = client.send("GET", path, null);
                assertEquals(401, refused.status(), "the API description follows the reads (issue 26 S8): " + refused);
                assertEquals("UNAUTHORIZED", refused.error().get("code"), path);
                assertEquals(200, client.send("GET", path, null, "X-API-Key", "only-key").status(), path);
            }
            assertEquals(200, client.send("GET", "/api/catalog", null).status(),
                "the catalog of collection names is public on purpose: @Secured(IS_ANONYMOUS)");
        }
    }

    @Test
    void productionAcceptsTheBlogLockedByItsKeyWithEveryRouteUnderTheApiCovered() {
        try (BlogServer locked = BlogServer.start(Map.of("BLOG_API_KEY", "only-key"), Map.of("fx.production", true))) {
            assertEquals(List.of(), locked.context().getBean(ProductionValidator.class).findUncovered());
            assertEquals(401, new Client(locked.url()).send("GET", "/api/openapi.json", null).status());
        }
    }

    @Test
    void productionRefusesTheOpenBlogAndAcceptsTheSecuredOne() {
        Exception open = assertThrows(Exception.class, () -> BlogServer.start(Map.of(), Map.of("fx.production", true)));
        assertTrue(causes(open).contains("Post"), causes(open));
        try (BlogServer secured = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET), Map.of("fx.production", true))) {
            assertEquals(200, new Client(secured.url()).send("GET", "/api/posts", null).status());
            assertEquals(200, new Client(secured.url()).send("GET", "/api/openapi.json", null).status(),
                "anonymous reads, so the API description is public too");
        }
    }

    @Test
    void theKeySetVariablesReachTheModule() throws Exception {
        Map<String, String> variables = Map.of("BLOG_JWKS_URL", "http://127.0.0.1:9/jwks.json", "BLOG_JWKS_REFETCH", "5s",
            "BLOG_JWT_ISSUER", "https://login.blog.test", "BLOG_JWT_AUDIENCE", "blog-api");
        try (BlogServer server = BlogServer.start(variables)) {
            JwksConfiguration jwks = server.context().getBean(JwksConfiguration.class);
            assertEquals(Optional.of("http://127.0.0.1:9/jwks.json"), jwks.getUrl());
            assertEquals(Duration.ofSeconds(5), jwks.getMinRefetchInterval());
            JwtConfiguration jwt = server.context().getBean(JwtConfiguration.class);
            assertEquals(Optional.of("https://login.blog.test"), jwt.getIssuer());
            assertEquals(Optional.of("blog-api"), jwt.getAudience());
            assertEquals(Optional.of("tenant_id"), jwt.getTenantClaim());
            assertEquals(Optional.empty(), jwt.getSecret(), "no secret without BLOG_JWT_SECRET");

            RSAKey key = new RSAKeyGenerator(2048).keyID("k1").generate();
            SignedJWT token = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1").build(),
                new JWTClaimsSet.Builder().subject("alice").issuer("https://login.blog.test").audience("blog-api")
                    .expirationTime(Date.from(Instant.now().plusSeconds(600))).build());
            token.sign(new RSASSASigner(key));
            Client.Reply reply = new Client(server.url()).send("GET", "/api/me", null, bearer(token.serialize()));
            assertEquals(503, reply.status(), reply.toString());
            assertEquals("JWKS_UNAVAILABLE", reply.error().get("code"), "the key set at BLOG_JWKS_URL was asked");
        }
    }

    static String causes(Throwable failure) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            out.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append('\n');
        }
        return out.toString();
    }
}
