package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.query.QueryAssertions.assertRows;
import static io.fx.micronaut.testsuite.query.QueryAssertions.create;

/** {@code has} and {@code not_has} on a json_array column (element membership) and a json_object column (key=value). */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JsonFilterTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() {
        seed("j1", List.of("red", "1", "a,b"), Api.body("size", "L", "n", 3, "flag", true));
        seed("j2", List.of(1, "say \"hi\""), Api.body("size", "M", "owner", "a=b", "q\"k", "unit\u001fsep"));
        seed("j3", List.of("é", "a/b", "true", "back\\slash", "tab\there", "unit\u001fsep"),
            Api.body("size", "l", "nested", Map.of("size", "L")));
        seed("j4", List.of(List.of("red"), Map.of("k", "red")), Api.body());
        seed("j5", null, null);
        seed("j6", Arrays.asList(true, null, 2.5, "x]y"), Api.body("n", "3", "empty", "", "k,1", "v"));
        seed("j7", List.of(), Api.body("size", "L"));
    }

    private void seed(String note, List<?> tags, Map<String, Object> props) {
        create(api, "/api/specimens", Api.body("note", note, "tags", tags, "props", props));
    }

    private Api.Reply filter(String clause) {
        return api.get("/api/specimens" + Api.query("filter", clause));
    }

    @Test
    void arrayHasMatchesWholeTopLevelElements() {
        assertRows(filter("tags:has:red"), "note", "j1");
        assertRows(filter("tags:has:RED"), "note");
        assertRows(filter("tags:has:re"), "note");
        assertRows(filter("tags:has:a"), "note");
    }

    @Test
    void arrayHasMatchesAStringThatLooksLikeANumberAndTheNumber() {
        assertRows(filter("tags:has:1"), "note", "j1", "j2");
        assertRows(filter("tags:has:2.5"), "note", "j6");
        assertRows(filter("tags:has:true"), "note", "j3", "j6");
    }

    @Test
    void arrayHasMatchesElementsWithCommasQuotesAndOtherCharacters() {
        assertRows(filter("tags:has:a,b"), "note", "j1");
        assertRows(filter("tags:has:say \"hi\""), "note", "j2");
        assertRows(filter("tags:has:say"), "note");
        assertRows(filter("tags:has:é"), "note", "j3");
        assertRows(filter("tags:has:a/b"), "note", "j3");
        assertRows(filter("tags:has:back\\slash"), "note", "j3");
        assertRows(filter("tags:has:x]y"), "note", "j6");
        assertRows(filter("tags:has:tab\there"), "note", "j3");
    }

    @Test
    void arrayHasMatchesElementsWithEscapedControlCharacters() {
        assertRows(filter("tags:has:unit\u001fsep"), "note", "j3");
    }

    @Test
    void arrayNotHasIncludesRowsWithoutTheArray() {
        assertRows(filter("tags:not_has:red"), "note", "j2", "j3", "j4", "j5", "j6", "j7");
        assertRows(filter("tags:not_has:1"), "note", "j3", "j4", "j5", "j6", "j7");
    }

    @Test
    void arrayNullChecks() {
        assertRows(filter("tags:is_null"), "note", "j5");
        assertRows(filter("tags:not_null"), "note", "j1", "j2", "j3", "j4", "j6", "j7");
    }

    @Test
    void objectHasMatchesKeyAndValueAtTheTopLevel() {
        assertRows(filter("props:has:size=L"), "note", "j1", "j7");
        assertRows(filter("props:has:size=l"), "note", "j3");
        assertRows(filter("props:has:size=M"), "note", "j2");
        assertRows(filter("props:has:size=XL"), "note");
        assertRows(filter("props:has:flag=true"), "note", "j1");
    }

    @Test
    void objectHasMatchesANumberAndAStringThatLooksLikeIt() {
        assertRows(filter("props:has:n=3"), "note", "j1", "j6");
    }

    @Test
    void objectHasSplitsAtTheFirstEqualsSign() {
        assertRows(filter("props:has:owner=a=b"), "note", "j2");
        assertRows(filter("props:has:empty="), "note", "j6");
        assertRows(filter("props:has:k,1=v"), "note", "j6");
    }

    @Test
    void objectHasMatchesEscapedKeysAndValues() {
        assertRows(filter("props:has:q\"k=unit\u001fsep"), "note", "j2");
    }

    @Test
    void objectNotHasIncludesRowsWithoutTheObject() {
        assertRows(filter("props:not_has:size=L"), "note", "j2", "j3", "j4", "j5", "j6");
    }

    @Test
    void objectNullChecks() {
        assertRows(filter("props:is_null"), "note", "j5");
        assertRows(filter("props:not_null"), "note", "j1", "j2", "j3", "j4", "j6", "j7");
    }
}
