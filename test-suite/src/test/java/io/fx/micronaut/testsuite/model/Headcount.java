package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.config.TotalMode;
import io.fx.micronaut.model.BaseModel;

/** A model whose lists are not counted unless the request asks ({@code @FxModel(total = NONE)}). */
@FxModel(total = TotalMode.NONE)
public class Headcount extends BaseModel {

    @Fx("filterable, sortable")
    private String label;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
}
