package io.fx.micronaut.query;

import io.fx.micronaut.query.QueryParser;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.SortField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The query parser on its own: clauses, groups, sort, paging and every refusal, without a server. */
class QueryParserTest {

    private static final ModelDescriptor POSTS = ModelDescriptor.builder("Post", BaseModel.class, "posts").fields(List.of(
        FieldDescriptor.builder("id", FieldType.STRING, String.class).role(FieldRole.ID).readonly(true).filterable(true)
            .build(),
        FieldDescriptor.builder("title", FieldType.STRING, String.class).filterable(true).sortable(true).build(),
        FieldDescriptor.builder("views", FieldType.INTEGER, long.class).filterable(true).sortable(true).build(),
        FieldDescriptor.builder("rating", FieldType.DECIMAL, Double.class).filterable(true).build(),
        FieldDescriptor.builder("published_at", FieldType.TIMESTAMP, Instant.class).filterable(true).build(),
        FieldDescriptor.builder("body", FieldType.STRING, String.class).build(),
        FieldDescriptor.builder("secret", FieldType.STRING, String.class).hidden(true).filterable(true).sortable(true)
            .build(),
        FieldDescriptor.builder("pin", FieldType.STRING, String.class).writeonly(true).filterable(true).build()))
        .build();

    private final QueryParser parser = new QueryParser();

    private ListQuery parse(String... namesAndValues) {
        Map<String, List<String>> parameters = new java.util.LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            parameters.computeIfAbsent(namesAndValues[i], k -> new java.util.ArrayList<>()).add(namesAndValues[i + 1]);
        }
        return parser.parse(POSTS, parameters);
    }

    private String refusal(String... namesAndValues) {
        FxException e = assertThrows(FxException.class, () -> parse(namesAndValues));
        assertEquals(ErrorCode.INVALID_QUERY.name(), e.getCode());
        assertEquals(400, e.getStatus());
        return e.getMessage();
    }

    @Test
    void idsAreComparedInLowerCaseAndOtherTextAsWritten() {
        String lower = "6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01";
        String upper = lower.toUpperCase(java.util.Locale.ROOT);
        ListQuery query = parse("filter", "id:in:" + upper + "," + lower + ",nope", "filter", "title:eq:" + upper);
        assertEquals(List.of(lower, lower, "nope"), query.filters().get(0).values());
        assertEquals(List.of(upper), query.filters().get(1).values(), "a text field keeps what was written");
    }

    @Test
    void clausesAreCastToTheFieldType() {
        ListQuery query = parse("filter", "views:gte:10", "filter", "rating:between:1.5,4", "filter",
            "published_at:lt:2026-01-01T00:00:00Z", "filter", "title:in:a,b");
        List<FilterClause> filters = query.filters();
        assertEquals(List.of(10L), filters.get(0).values());
        assertEquals(FilterOperator.BETWEEN, filters.get(1).operator());
        assertEquals(List.of(1.5, 4.0), filters.get(1).values());
        assertEquals(List.of(Instant.parse("2026-01-01T00:00:00Z")), filters.get(2).values());
        assertEquals(List.of("a", "b"), filters.get(3).values());
        assertTrue(filters.stream().allMatch(f -> f.group() == 0));
    }

    @Test
    void groupedClausesKeepTheirGroup() {
        ListQuery query = parse("filter[0]", "title:eq:a", "filter[1]", "title:eq:b", "filter", "views:gt:1");
        assertEquals(List.of(1, 2, 0), query.filters().stream().map(FilterClause::group).toList());
    }

    @Test
    void sortKeysAndPagingAreRead() {
        ListQuery query = parse("sort", "views:desc,title", "page", "3", "limit", "50");
        List<SortField> sort = query.sort();
        assertEquals(List.of("views", "title"), sort.stream().map(s -> s.field().name()).toList());
        assertTrue(sort.get(0).descending());
        assertFalse(sort.get(1).descending());
        assertEquals(3, query.page());
        assertEquals(50, query.limit());
        assertEquals(100, query.offset());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "filter|body:eq:x|not filterable",
        "filter|nope:eq:x|unknown field 'nope'",
        "filter|secret:eq:x|unknown field 'secret'",
        "filter|pin:eq:x|unknown field 'pin'",
        "filter|views:eq:ten|not an integer",
        "filter|views:like:1%|needs a text field",
        "filter|title:zz:x|unknown operator",
        "filter|title:eq|needs a value",
        "sort|body|not sortable",
        "sort|secret|unknown field 'secret'",
        "sort|title:up|asc or desc",
        "filter|title:like:%a%b%c%d%e|title"})
    void refusalsNameWhatIsWrong(String parameter, String value, String expected) {
        String message = refusal(parameter, value);
        assertTrue(message.contains(expected), message);
    }

    @Test
    void theStorageMayForbidAFilterOrSortTheDirectivesAllow() {
        QueryParser sealed = new QueryParser(f -> !f.name().equals("title"), f -> !f.name().equals("views"));
        FxException filter = assertThrows(FxException.class,
            () -> sealed.parse(POSTS, Map.of("filter", List.of("title:eq:a"))));
        assertTrue(filter.getMessage().contains("'title' is not filterable"), filter.getMessage());
        FxException sort = assertThrows(FxException.class, () -> sealed.parse(POSTS, Map.of("sort", List.of("views"))));
        assertTrue(sort.getMessage().contains("'views' is not sortable"), sort.getMessage());
        assertEquals(1, sealed.parse(POSTS, Map.of("filter", List.of("views:eq:1"))).filters().size());
    }

    @Test
    void limitsAreEnforced() {
        String[] clauses = new String[66];
        for (int i = 0; i < 66; i += 2) {
            clauses[i] = "filter";
            clauses[i + 1] = "views:gt:" + i;
        }
        assertTrue(refusal(clauses).contains("32"), "more than max-filter-clauses (32)");
        assertEquals(200, parse("limit", "500").limit(), "a larger page is clamped to max-page-size");
        assertTrue(refusal("limit", "0").contains("limit"), refusal("limit", "0"));
    }
}
