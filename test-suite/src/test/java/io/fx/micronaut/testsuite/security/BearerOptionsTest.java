package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The other bearer options: an EC key read from {@code public-key-file}, the accepted {@code algorithms},
 * a custom {@code header} taking the token with or without {@code Bearer}, {@code allow-no-expiry}, the
 * claim names of user id, roles and scopes, and a shorter {@code clock-skew}.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BearerOptionsTest implements TestPropertyProvider {

    static final String SPEC = "BearerOptionsTest";
    static final ECKey EC = Tokens.ec("ec-static");

    @Inject
    Api api;

    @Override
    public Map<String, String> getProperties() {
        try {
            Path file = Files.createTempFile("fx-ec", ".pem");
            Files.writeString(file, Tokens.publicPem(EC));
            file.toFile().deleteOnExit();
            return SecurityConfig.spec(SPEC).jwt("public-key-file", file.toString()).jwt("algorithms", "ES256")
                .jwt("header", "X-Token").jwt("allow-no-expiry", "true").jwt("user-id-claim", "uid")
                .jwt("roles-claim", "groups").jwt("scopes-claim", "scp").jwt("clock-skew", "5s")
                .whoAmI(ActionAccess.PROTECTED).build();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Reply call(String value) {
        return api.send("GET", "/api/whoami", null, Map.of("X-Token", value));
    }

    @Test
    void theCustomHeaderTakesTheTokenWithOrWithoutBearerAndTheClaimNamesApply() {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().claim("uid", "u-7").claim("groups", List.of("ops"))
            .claim("scp", "read write").build();
        String token = Tokens.ec(EC, claims);
        for (String value : List.of(token, "Bearer " + token)) {
            Reply reply = call(value);
            assertEquals(200, reply.status(), reply::toString);
            assertEquals("u-7", reply.data().get("user_id"));
            assertEquals(List.of("ops"), reply.data().get("roles"));
            assertEquals(List.of("read", "write"), reply.data().get("scopes"));
        }
        Reply authorization = api.withBearer(token).get("/api/whoami");
        assertEquals(401, authorization.status(), "the Authorization header is not read");
        assertEquals("authentication required", authorization.error().get("message"));
    }

    @Test
    void onlyTheConfiguredAlgorithmsAreAccepted() {
        RSAKey rsa = Tokens.rsa("r");
        Reply reply = call(Tokens.rsa(rsa, new JWTClaimsSet.Builder().claim("uid", "u").build()));
        assertEquals(401, reply.status());
        assertEquals("algorithm RS256 is not accepted", reply.error().get("message"));
    }

    @Test
    void theSubjectIsTheConfiguredUserIdClaimAndTheSkewIsShorter() {
        Reply noUid = call(Tokens.ec(EC, new JWTClaimsSet.Builder().subject("s").build()));
        assertEquals("token has no uid claim", noUid.error().get("message"));
        Reply expired = call(Tokens.ec(EC, new JWTClaimsSet.Builder().claim("uid", "u")
            .expirationTime(Tokens.secondsFromNow(-30)).build()));
        assertEquals("TOKEN_EXPIRED", expired.code());
    }
}
