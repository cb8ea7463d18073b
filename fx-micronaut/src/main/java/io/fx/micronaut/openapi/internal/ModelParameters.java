package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.config.QueryLimits;
import io.micronaut.core.annotation.Internal;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The query parameters of a model's list and read operations, built from its query vocabulary
 * schemas and limits.
 */
@Internal
final class ModelParameters {

    private ModelParameters() {
    }

    /**
     * @param model the model
     * @return {@code filter}, {@code filter[0]} … (one per allowed OR group), {@code sort}, {@code include},
     * {@code page}, {@code cursor}, {@code limit}, {@code total} and the request id
     */
    static List<Parameter> list(ModelDescriptor model) {
        QueryLimits limits = model.getLimits();
        List<Parameter> parameters = new ArrayList<>();
        parameters.add(query("filter", Schemas.array(Schemas.ref(OpenApiNames.filterClause(model))),
            "Filter clauses, ANDed (at most " + limits.maxFilterClauses() + " in all, OR groups included)"
                + patternLimits(limits), true));
        for (int group = 0; group < limits.maxOrGroups(); group++) {
            Schema<Object> clauses = Schemas.array(Schemas.ref(OpenApiNames.filterClause(model)));
            clauses.setMaxItems(limits.maxGroupClauses());
            parameters.add(query("filter[" + group + "]", clauses, "OR group " + group + ": its clauses are ORed, the "
                + "groups ANDed with each other and with `filter`. Any non-negative integer names a group; at most "
                + limits.maxOrGroups() + " groups", true));
        }
        Schema<Object> sort = Schemas.array(Schemas.ref(OpenApiNames.sortKey(model)));
        sort.setMaxItems(limits.maxSortFields());
        parameters.add(query("sort", sort, "Sort keys, repeatable or comma-separated; default order created_at, then id",
            true));
        parameters.add(include(model));
        parameters.add(new Parameter().$ref(OpenApiNames.parameterRef(OpenApiNames.PAGE)));
        parameters.add(new Parameter().$ref(OpenApiNames.parameterRef(OpenApiNames.CURSOR)));
        parameters.add(new Parameter().$ref(OpenApiNames.parameterRef(OpenApiNames.limit(model))));
        parameters.add(total(model));
        parameters.add(requestId());
        return parameters;
    }

    /** @return the {@code total} parameter, with the model's default when it declares one */
    private static Parameter total(ModelDescriptor model) {
        Schema<Object> schema = Schemas.stringEnum(List.of("exact", "estimated", "none"));
        model.getTotalMode().ifPresent(mode -> schema.setDefault(mode.token()));
        return new Parameter().in("query").name("total").schema(schema).description("How to count the matching "
            + "records: exact (meta.total and meta.pages), estimated (the database planner's estimate above "
            + "fx.list.estimate-threshold, meta.total_estimated then true; exact on databases without one) or none "
            + "(no count: meta has neither total nor pages). meta.has_more says whether a next page exists in every "
            + "mode; " + model.getTotalMode().map(m -> "this model's default is " + m.token())
                .orElse("the default is the server's (fx.list.total)"));
    }

    /**
     * @param model the model
     * @return {@code include} and the request id
     */
    static List<Parameter> read(ModelDescriptor model) {
        return List.of(include(model), requestId());
    }

    /**
     * @return the request id header parameter
     */
    static Parameter requestId() {
        return new Parameter().$ref(OpenApiNames.parameterRef(OpenApiNames.REQUEST_ID));
    }

    /**
     * @param model the model
     * @return its {@code limit} parameter component
     */
    static Parameter limit(ModelDescriptor model) {
        QueryLimits limits = model.getLimits();
        Schema<Object> schema = Schemas.typed("integer");
        schema.setFormat("int32");
        schema.setMinimum(BigDecimal.ONE);
        schema.setDefault(limits.defaultPageSize());
        return new Parameter().in("query").name("limit").schema(schema)
            .description("The page size; larger values are clamped to " + limits.maxPageSize());
    }

    private static String patternLimits(QueryLimits limits) {
        StringBuilder text = new StringBuilder();
        if (limits.maxLikeWildcards() >= 0) {
            text.append("; a like/ilike pattern has at most ").append(limits.maxLikeWildcards())
                .append(" unescaped % or _ wildcards (maxLikeWildcards)");
        }
        if (limits.maxLikeLength() >= 0) {
            text.append("; a like, ilike, contains, starts_with or ends_with value has at most ")
                .append(limits.maxLikeLength()).append(" characters (maxLikeLength)");
        }
        return text.toString();
    }

    private static Parameter include(ModelDescriptor model) {
        Schema<Object> keys = Schemas.array(Schemas.ref(OpenApiNames.includeKey(model)));
        keys.setMaxItems(model.getLimits().maxIncludes());
        return query("include", keys, "Relation keys to embed, comma-separated or repeatable"
            + includeLimits(model.getLimits()), false);
    }

    private static String includeLimits(QueryLimits limits) {
        StringBuilder text = new StringBuilder();
        if (limits.maxIncludedPerParent() >= 0) {
            text.append("; a HasMany or ManyToMany array holds at most ").append(limits.maxIncludedPerParent())
                .append(" records per parent record, the first in the related model's default order (created_at, "
                    + "then id) (maxIncludedPerParent)");
        }
        if (limits.maxIncludedRows() >= 0) {
            text.append("; a response includes at most ").append(limits.maxIncludedRows())
                .append(" related records in all, all keys and levels together; a request that would include more is "
                    + "400 INVALID_QUERY naming the include (maxIncludedRows)");
        }
        return text.toString();
    }

    private static Parameter query(String name, Schema<?> schema, String description, boolean explode) {
        return new Parameter().in("query").name(name).schema(schema).description(description)
            .style(Parameter.StyleEnum.FORM).explode(explode);
    }
}
