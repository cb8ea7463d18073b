package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

/** Soft delete by flag: the framework adds the is_deleted column itself. */
@FxModel(softDelete = SoftDelete.FLAG)
public class Memo extends BaseModel {

    @Fx("required, filterable")
    private String text;

    public String getText() { return text; }
    public void setText(String text) { this.text = text; }
}
