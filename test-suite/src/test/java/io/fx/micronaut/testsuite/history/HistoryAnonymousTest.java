package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Anonymous admissions name operations exactly: the YAML {@code anonymous} rule for list and read and the
 * {@code public-read} rule admit anonymous reads of records, never of their history, which still takes a credential.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "fx.security.jwt.secret", value = Tokens.SECRET)
@Property(name = "fx.security.anonymous.models", value = "Chronicle")
@Property(name = "fx.security.anonymous.operations", value = "list,read")
@Property(name = "fx.security.public-read", value = "ChronicleNote")
@TestDatabase
class HistoryAnonymousTest {

    @Inject
    Api api;
    @Inject
    io.fx.micronaut.accessor.Models models;

    @Test
    void anonymousReadsOfRecordsDoNotOpenTheirHistory() {
        String chronicle = String.valueOf(models.of("Chronicle").create(Map.of("title", "public")).get("id"));
        String note = String.valueOf(models.of("ChronicleNote").create(Map.of("text", "public too",
            "chronicle_id", chronicle)).get("id"));
        assertEquals(200, api.get("/api/chronicles/" + chronicle).status());
        assertEquals(200, api.get("/api/chronicle_notes/" + note).status());
        Api.Reply refused = api.get("/api/chronicles/" + chronicle + "/history");
        assertEquals(401, refused.status(), refused.toString());
        assertEquals("UNAUTHORIZED", refused.code());
        assertEquals(401, api.get("/api/chronicle_notes/" + note + "/history").status());
        Api signedIn = api.withBearer(Tokens.jwt("ann").token());
        assertEquals(200, signedIn.get("/api/chronicles/" + chronicle + "/history").status());
        assertEquals(200, signedIn.get("/api/chronicle_notes/" + note + "/history").status());
    }
}
