package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.ARTICLES;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** HEAD answers what the mirrored GET answers, without a body; OPTIONS answers 204 with Allow. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HeadAndOptionsTest {

    @Inject
    Api api;
    String id;

    @BeforeAll
    void seed() {
        id = api.create(ARTICLES, Map.of("title", "head", "body", "b"));
    }

    private void assertHeadMirrorsGet(String pathAndQuery, int status) {
        Api.Reply get = api.get(pathAndQuery);
        Api.Reply head = api.head(pathAndQuery);
        assertEquals(status, get.status(), get.toString());
        assertEquals(status, head.status(), head.toString());
        assertEquals("", head.text(), "HEAD must carry no body");
    }

    @Test
    void headOnAListAnswersLikeGet() {
        assertHeadMirrorsGet(ARTICLES, 200);
        assertHeadMirrorsGet(ARTICLES + Api.query("filter", "title:eq:head", "sort", "title:desc"), 200);
    }

    @Test
    void headOnARecordAnswersLikeGet() {
        assertHeadMirrorsGet(ARTICLES + "/" + id, 200);
        assertHeadMirrorsGet(ARTICLES + "/00000000-0000-4000-8000-000000000000", 404);
    }

    @Test
    void headWithAMalformedQueryAnswersLikeGet() {
        assertHeadMirrorsGet(ARTICLES + Api.query("filter", "title:nope:x"), 400);
        assertHeadMirrorsGet(ARTICLES + "/" + id + Api.query("limit", "x"), 400);
    }

    @Test
    void headOnAnUnknownCollectionAnswersLikeGet() {
        assertHeadMirrorsGet("/api/nothing_here", 404);
    }

    @Test
    void optionsOnTheCollectionListsItsMethods() {
        Api.Reply reply = api.options(ARTICLES);
        assertEquals(204, reply.status(), reply.toString());
        assertEquals("GET, HEAD, POST, OPTIONS", reply.header("Allow"));
        assertEquals("", reply.text());
    }

    @Test
    void optionsOnARecordListsItsMethods() {
        Api.Reply reply = api.options(ARTICLES + "/" + id);
        assertEquals(204, reply.status(), reply.toString());
        assertEquals("GET, HEAD, PATCH, DELETE, OPTIONS", reply.header("Allow"));
        assertEquals("", reply.text());
    }
}
