// npu_tb — runs one npu program in a plain Verilog simulator (no C, no DPI)
// against kc_dram_model, with the harness's reset and cycle protocol
// (harness/kc_sim.c, verilated/npu_shim.cpp), so that cycles, counters and the
// final DRAM equal the Verilated run's. tests/icarus drives it with Icarus; a
// hardware team can run the same files in VCS/Questa/Xcelium.
//
// Plusargs (files are $readmemh hex, one word per line):
//   +prog=F +nwords=N        program image, N 32-bit words
//   +args=F                  NPU_NAREGS 32-bit argument words (a0, a1, ...)
//   +dram=F +dram_beats=N    initial DRAM image, N beats of NPU_VLEN*2 bytes, byte i
//                            of a beat in bits [8i+7:8i]
//   +dram_bytes=N            DRAM size the core checks addresses against
//   +lat=N +bw=N             DRAM latency (cycles) and bandwidth (bytes/cycle)
//   +limit=N                 cycle limit
//   +out=F +out_dram=F       results ("key value" lines) and the final DRAM image
//
// No `timescale: the delays below only order events within a cycle, and the RTL
// has none (a timescale in one file only makes iverilog -Wall warn).
`default_nettype none

`define NPU_ISA_MACROS_ONLY
`include "npu_isa.vh"
`undef NPU_ISA_MACROS_ONLY

module npu_tb;
    localparam integer VLEN  = `NPU_VLEN;
    localparam integer NCNT  = `NPU_NCOUNTERS;
    localparam integer NAREG = `NPU_NAREGS;
    localparam integer BEAT  = VLEN * 2;
    localparam integer MAXBEATS = 1 << 18;   // 8 MiB of image at the default width

    reg                 clk = 1'b0;
    reg                 rst = 1'b1;
    reg                 imem_we = 1'b0;
    reg  [31:0]         imem_addr = 32'd0, imem_wdata = 32'd0;
    reg  [NAREG*32-1:0] args = '0;
    reg  [31:0]         dram_bytes = 32'd0, lat = 32'd64, bw = 32'd32, nbeats = 32'd0;

    wire                mem_req_valid, mem_req_ready, mem_req_write, mem_resp_valid;
    wire [31:0]         mem_req_addr;
    wire [BEAT*8-1:0]   mem_req_wdata, mem_resp_rdata;
    wire [BEAT-1:0]     mem_req_wstrb;
    wire                halted, trapped, retire_valid, dram_error;
    wire [3:0]          trap_cause;
    wire [31:0]         trap_pc, trap_info, retire_pc, retire_insn;
    wire [NCNT*32-1:0]  perf;

    npu_top u_npu (
        .clk(clk), .rst(rst), .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .args(args), .dram_bytes(dram_bytes),
        .mem_req_valid(mem_req_valid), .mem_req_ready(mem_req_ready),
        .mem_req_write(mem_req_write), .mem_req_addr(mem_req_addr),
        .mem_req_wdata(mem_req_wdata), .mem_req_wstrb(mem_req_wstrb),
        .mem_resp_valid(mem_resp_valid), .mem_resp_rdata(mem_resp_rdata),
        .halted(halted), .trapped(trapped), .trap_cause(trap_cause), .trap_pc(trap_pc),
        .trap_info(trap_info), .perf(perf),
        .retire_valid(retire_valid), .retire_pc(retire_pc), .retire_insn(retire_insn));

    kc_dram_model #(.BEAT(BEAT), .MAXBEATS(MAXBEATS)) u_dram (
        .clk(clk), .rst(rst), .lat(lat), .bw(bw), .nbeats(nbeats),
        .req_valid(mem_req_valid), .req_ready(mem_req_ready), .req_write(mem_req_write),
        .req_addr(mem_req_addr), .req_wdata(mem_req_wdata), .req_wstrb(mem_req_wstrb),
        .resp_valid(mem_resp_valid), .resp_rdata(mem_resp_rdata), .error(dram_error));

    reg [31:0]  prog [0:`NPU_IMEM_WORDS-1];
    reg [31:0]  argw [0:NAREG-1];
    reg [1023:0] f_prog, f_args, f_dram, f_out, f_out_dram;
    integer     nwords, limit, cycles, i, fd;

    // One clock cycle: inputs settle in the low phase, everything samples at the
    // rising edge (as the shim's eval with clk 0, then clk 1).
    task automatic edge_;
        begin
            #5 clk = 1'b1;
            #5 clk = 1'b0;
        end
    endtask

    task automatic need(input integer ok, input [8*16-1:0] name);
        if (!ok) begin
            $display("npu_tb: missing plusarg +%0s=", name);
            $finish;
        end
    endtask

    initial begin
        need($value$plusargs("prog=%s", f_prog), "prog");
        need($value$plusargs("nwords=%d", nwords), "nwords");
        need($value$plusargs("args=%s", f_args), "args");
        need($value$plusargs("dram=%s", f_dram), "dram");
        need($value$plusargs("dram_beats=%d", nbeats), "dram_beats");
        need($value$plusargs("dram_bytes=%d", dram_bytes), "dram_bytes");
        need($value$plusargs("lat=%d", lat), "lat");
        need($value$plusargs("bw=%d", bw), "bw");
        need($value$plusargs("limit=%d", limit), "limit");
        need($value$plusargs("out=%s", f_out), "out");
        need($value$plusargs("out_dram=%s", f_out_dram), "out_dram");
        if (nbeats > MAXBEATS || nwords > `NPU_IMEM_WORDS || lat < 1 || lat > 4096 || bw < 1) begin
            $display("npu_tb: image, program, latency or bandwidth out of range");
            $finish;
        end
        $readmemh(f_prog, prog, 0, nwords - 1);
        $readmemh(f_args, argw);
        $readmemh(f_dram, u_dram.mem, 0, nbeats - 1);
        for (i = 0; i < NAREG; i = i + 1)
            args[i*32 +: 32] = argw[i];

        // The shim's reset: two edges, one per program word (written through the
        // load port while in reset), two more, then release.
        edge_();
        edge_();
        imem_we = 1'b1;
        for (i = 0; i < nwords; i = i + 1) begin
            imem_addr  = i;
            imem_wdata = prog[i];
            edge_();
        end
        imem_we    = 1'b0;
        imem_addr  = 32'd0;
        imem_wdata = 32'd0;
        edge_();
        edge_();
        rst = 1'b0;

        // harness/kc_sim.c: stop before an edge once the core has halted or trapped
        cycles = 0;
        #1;
        while (!halted && !trapped && cycles < limit) begin
            edge_();
            cycles = cycles + 1;
            #1;
        end

        fd = $fopen(f_out, "w");
        $fwrite(fd, "result %0s\n", halted ? "halted" : trapped ? "trapped" : "timeout");
        $fwrite(fd, "cycles %0d\n", cycles);
        $fwrite(fd, "trap_cause %0d\ntrap_pc %0d\ntrap_info %0d\n", trap_cause, trap_pc, trap_info);
        for (i = 0; i < NCNT; i = i + 1)
            $fwrite(fd, "counter%0d %0d\n", i, perf[i*32 +: 32]);
        $fwrite(fd, "dram_error %0d\n", dram_error);
        $fclose(fd);
        fd = $fopen(f_out_dram, "w");
        for (i = 0; i < nbeats; i = i + 1)
            $fwrite(fd, "%h\n", u_dram.mem[i]);
        $fclose(fd);
        $finish;
    end
endmodule

`default_nettype wire
