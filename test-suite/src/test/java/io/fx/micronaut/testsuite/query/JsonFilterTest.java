package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.SPECIMENS;
import static io.fx.micronaut.testsuite.query.QueryAssertions.assertSelects;

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
        api.create(SPECIMENS, Api.body("note", note, "tags", tags, "props", props));
    }

    /** Each row: a filter clause, the notes of the rows it selects (none when blank). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # array has matches whole top-level elements
        tags:has:red                | j1
        tags:has:RED                |
        tags:has:re                 |
        tags:has:a                  |
        # array has matches a string that looks like a number, and the number
        tags:has:1                  | j1 j2
        tags:has:2.5                | j6
        tags:has:true               | j3 j6
        # array has matches elements with commas, quotes and other characters
        tags:has:a,b                | j1
        tags:has:say "hi"           | j2
        tags:has:say                |
        tags:has:é                  | j3
        tags:has:a/b                | j3
        tags:has:back\\slash        | j3
        tags:has:x]y                | j6
        tags:has:tab\there          | j3
        # array has matches elements with escaped control characters
        tags:has:unit\u001fsep      | j3
        # array not_has includes the rows without the array
        tags:not_has:red            | j2 j3 j4 j5 j6 j7
        tags:not_has:1              | j3 j4 j5 j6 j7
        # array null checks
        tags:is_null                | j5
        tags:not_null               | j1 j2 j3 j4 j6 j7
        # object has matches key and value at the top level
        props:has:size=L            | j1 j7
        props:has:size=l            | j3
        props:has:size=M            | j2
        props:has:size=XL           |
        props:has:flag=true         | j1
        # object has matches a number and a string that looks like it
        props:has:n=3               | j1 j6
        # object has splits at the first equals sign
        props:has:owner=a=b         | j2
        props:has:empty=            | j6
        props:has:k,1=v             | j6
        # object has matches escaped keys and values
        props:has:q"k=unit\u001fsep | j2
        # object not_has includes the rows without the object
        props:not_has:size=L        | j2 j3 j4 j5 j6
        # object null checks
        props:is_null               | j5
        props:not_null              | j1 j2 j3 j4 j6 j7
        """)
    void clauseSelects(String clause, String notes) {
        assertSelects(api, clause, notes);
    }
}
