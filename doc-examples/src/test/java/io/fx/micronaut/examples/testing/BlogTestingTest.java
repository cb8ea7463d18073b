package io.fx.micronaut.examples.testing;

// tag::testing[]
import io.fx.micronaut.examples.blog.Author;
import io.fx.micronaut.examples.blog.Post;
import io.fx.micronaut.test.Fixtures;
import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.TestDatabase;
import io.fx.micronaut.test.TestTokens;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

@MicronautTest(environments = {"test", "jwt"}, transactional = false)   // the blog with its tokens and rules
@Property(name = "fx.security.jwt.secret", value = "blog-testing-secret-0123456789-abcdef")
@TestDatabase                                           // its own H2, or a fresh schema with -Dfx.test.database=postgres
class BlogTestingTest {

    @Inject
    Fixtures fixtures;                                  // valid records, through the models' validation
    @Inject
    TestTokens tokens;                                  // tokens signed with fx.security.jwt.secret
    @Inject
    FxClient client;                                    // JSON over the embedded server

    @Test
    void theOwnerOfAPostMayChangeItAndNobodyElse() {
        String author = fixtures.of(Author.class).createId();          // a unique e-mail, role "writer"
        FxClient alice = client.withToken(tokens.subject("alice").token());

        String id = alice.post("/api/posts", Map.of("title", "Hello", "body", "First post", "author_id", author))
            .expectCreated().id();
        assertEquals("alice", client.get("/api/posts/" + id).expectOk().data().get("owner_id"));

        client.withToken(tokens.subject("bob").token()).patch("/api/posts/" + id, Map.of("title", "Mine"))
            .expectError(404, "NOT_FOUND");                       // another owner's post does not exist for bob
        alice.patch("/api/posts/" + id, Map.of("views", -1)).expectError(422, "VALIDATION_ERROR");
        client.post("/api/posts", Map.of("title", "Anonymous", "body", "x")).expectError(401, "UNAUTHORIZED");
    }

    @Test
    void badTokensAreRefused() {
        client.withToken(tokens.subject("alice").expired().token()).get("/api/posts")
            .expectError(401, "TOKEN_EXPIRED");
        client.withToken(tokens.subject("alice").withoutExpiry().token()).get("/api/posts")
            .expectError(401, "TOKEN_MISSING_EXPIRY");
        client.withToken(tokens.subject("alice").signedWith(TestTokens.otherSecret()).token()).get("/api/posts")
            .expectError(401, "INVALID_TOKEN");
        client.withToken(tokens.subject("alice").algNone().token()).get("/api/posts")
            .expectError(401, "INVALID_TOKEN");
    }

    @Test
    void fixturesFillInWhatATestDoesNotSay() {
        fixtures.of(Post.class).with("status", "published").createMany(3);     // title, body: unique strings
        Map<String, Object> meta = client.get("/api/posts?filter=status:eq:published").expectOk().meta();
        assertEquals(3, ((Number) meta.get("total")).intValue());
    }
}
// end::testing[]
