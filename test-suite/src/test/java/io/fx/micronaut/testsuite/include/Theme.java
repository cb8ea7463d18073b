package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Include-limit test model: many poets through PoetTheme. */
@FxModel
public class Theme extends BaseModel {

    @Fx("required, filterable")
    private String label;
    @Fx("through:PoetTheme")
    private List<Poet> poets;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public List<Poet> getPoets() { return poets; }
    public void setPoets(List<Poet> poets) { this.poets = poets; }
}
